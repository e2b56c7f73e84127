import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { i18n } from "@/lib/i18n";
import { renderWithQuery } from "@/test/utils";
import { ContactPage } from "@/features/marketing/routes/contact-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("the contact page in the active language (decision 028)", () => {
  it("renders the contact page in German", async () => {
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter>
        <ContactPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Kontakt" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Kontaktformular" })).toBeInTheDocument();
    expect(screen.getByLabelText("Nachricht")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Nachricht senden" })).toBeInTheDocument();
    expect(screen.getByRole("complementary", { name: "Weitere Kontaktwege" })).toHaveTextContent("Antwortzeit");
  });
});
