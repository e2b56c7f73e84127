import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { driverMessages, type CustomerMessageSettings } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { CustomerMessagesCard } from "@/features/customer-messages/components/customer-messages-card";

const TEAM = "11111111-2222-4333-8444-555555555555";
const settings: CustomerMessageSettings = {
  enabled: true,
  templates: {
    on_its_way: { subject: "{team}: on its way", body: "Hello {customer}, between {window}. {unknown}" },
    next: { subject: "Next", body: "{driver} is coming" },
    delivered: { subject: "Delivered", body: "Done" },
    missed: { subject: "Missed", body: "Reason: {reason}" },
  },
  quietHours: null,
};

afterEach(() => vi.unstubAllGlobals());

function renderCard(role: string, put: (body: CustomerMessageSettings) => Response = (body) => jsonResponse(body)) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === "PUT" ? put(JSON.parse(String(init.body)) as CustomerMessageSettings) : jsonResponse(settings)));
  vi.stubGlobal("fetch", fetch);
  renderWithQuery(<CustomerMessagesCard team={{ id: TEAM, name: "Fleet & Co", role }} />);
  return fetch;
}

describe("CustomerMessagesCard", () => {
  it("previews a template with sample data and lists the placeholders", async () => {
    renderCard("owner");
    const preview = await screen.findByRole("region", { name: "Preview: On its way" });
    expect(within(preview).getByText("Fleet & Co: on its way")).toBeInTheDocument();
    expect(within(preview).getByText("Hello Alex Example, between 14:05 and 14:35. {unknown}")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Subject"));
    await userEvent.type(screen.getByLabelText("Subject"), "Hi {{customer}");
    expect(within(preview).getByText("Hi Alex Example")).toBeInTheDocument();
    expect(screen.getByText("{tracking_link}")).toBeInTheDocument();
  });

  it("saves the templates, the switch and quiet hours for an owner", async () => {
    const fetch = renderCard("admin");
    await userEvent.click(await screen.findByRole("tab", { name: "We missed you" }));
    await userEvent.clear(screen.getByLabelText("Message"));
    await userEvent.type(screen.getByLabelText("Message"), "Sorry we missed you");
    await userEvent.click(screen.getByRole("switch", { name: /Quiet hours/ }));
    await userEvent.click(screen.getByRole("switch", { name: "Send e-mails to customers" }));
    await userEvent.click(screen.getByRole("button", { name: "Save customer e-mails" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Customer e-mails saved.");
    const put = fetch.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(put?.[0]).toBe(`/api/teams/${TEAM}/customer-messages`);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ...settings, enabled: false, quietHours: { start: "21:00", end: "07:00" }, templates: { ...settings.templates, missed: { subject: "Missed", body: "Sorry we missed you" } } });
  });

  it("shows the server's field message next to the field", async () => {
    renderCard("owner", () => jsonResponse({ error: { code: "VALIDATION_ERROR", message: driverMessages.template, fields: { "templates.on_its_way.subject": driverMessages.template } } }, 400));
    await userEvent.clear(await screen.findByLabelText("Subject"));
    await userEvent.type(screen.getByLabelText("Subject"), " ");
    await userEvent.click(screen.getByRole("button", { name: "Save customer e-mails" }));
    expect(await screen.findByText(driverMessages.template)).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toHaveAttribute("aria-invalid", "true");
  });

  it("opens the tab of a refused template and focuses its field", async () => {
    renderCard("owner", () => jsonResponse({ error: { code: "VALIDATION_ERROR", message: driverMessages.template, fields: { "templates.missed.body": driverMessages.template } } }, 400));
    await userEvent.click(await screen.findByRole("button", { name: "Save customer e-mails" }));
    expect(await screen.findByRole("tab", { name: "We missed you", selected: true })).toBeInTheDocument();
    expect(screen.getByLabelText("Message")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription(driverMessages.template);
    expect(screen.getByLabelText("Message")).toHaveFocus();
  });

  it("shows a refusal that names no field by the Save button", async () => {
    renderCard("owner", () => jsonResponse({ error: { code: "FORBIDDEN", message: "Only the owner or an admin can change these e-mails." } }, 403));
    await userEvent.click(await screen.findByRole("button", { name: "Save customer e-mails" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only the owner or an admin can change these e-mails.");
  });

  it("is read-only for a manager", async () => {
    renderCard("manager");
    expect(await screen.findByText("Only the team's owner or an admin can change these e-mails.")).toBeInTheDocument();
    expect(screen.getByLabelText("Subject")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save customer e-mails" })).not.toBeInTheDocument();
  });
});
