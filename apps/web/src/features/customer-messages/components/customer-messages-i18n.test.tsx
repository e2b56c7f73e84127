import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import type { CustomerMessageSettings } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { CustomerMessagesCard } from "@/features/customer-messages/components/customer-messages-card";

const settings: CustomerMessageSettings = {
  enabled: true,
  templates: {
    on_its_way: { subject: "{team}: unterwegs", body: "Hallo {customer}, zwischen {window}." },
    next: { subject: "Next", body: "{driver}" },
    delivered: { subject: "Delivered", body: "Done" },
    missed: { subject: "Missed", body: "{reason}" },
  },
  quietHours: null,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("customer e-mails in the manager's language (decision 028)", () => {
  it("shows the card, the tabs and a preview with German sample data", async () => {
    await act(() => i18n.changeLanguage("de"));
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(settings)));
    renderWithQuery(<CustomerMessagesCard team={{ id: "t1", name: "Flotte & Co", role: "manager" }} />);
    const preview = await screen.findByRole("region", { name: "Vorschau: Unterwegs" });
    expect(within(preview).getByText("Hallo Alex Beispiel, zwischen 14:05 und 14:35.")).toBeInTheDocument();
    expect(screen.getByText("Nur der Inhaber oder ein Admin des Teams kann diese E-Mails ändern.")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Wir haben Sie verpasst" })).toBeInTheDocument();
    expect(screen.getByLabelText("E-Mails an Kunden senden")).toBeInTheDocument();
  });
});
