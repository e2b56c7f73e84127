import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { i18n } from "@/lib/i18n";
import { Footer } from "@/app/layout/footer";
import { MobileMenu } from "@/app/layout/mobile-menu";
import { NotFoundPage } from "@/app/routes/not-found-page";
import type { NavAccess } from "@/app/layout/nav-items";
import { renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const free: NavAccess = { teams: false, fleet: false, enhancedAnalytics: false, teamManagement: false, admin: false, superAdmin: false };

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("the shell in the active language (decision 028)", () => {
  it("renders in German after changeLanguage('de') and sets <html lang>", async () => {
    render(
      <MemoryRouter>
        <MobileMenu signedIn={false} access={free} />
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en-GB");

    await act(() => i18n.changeLanguage("de"));
    expect(document.documentElement.lang).toBe("de");
    expect(screen.getByRole("heading", { name: "Seite nicht gefunden" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Zur Startseite" })).toHaveAttribute("href", "/");
    await userEvent.click(screen.getByRole("button", { name: "Menü öffnen" }));
    const menu = await screen.findByRole("dialog", { name: "Menü" });
    for (const name of ["Start", "Preise", "Hilfe & Support", "Anmelden", "Registrieren"]) expect(within(menu).getByRole("link", { name })).toBeInTheDocument();
  });

  it("lets a signed-out visitor pick the language in the footer", async () => {
    mockAuth.signOut();
    renderWithQuery(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const select = await screen.findByLabelText("Language");
    expect(within(select).getByRole("option", { name: "Deutsch" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toBeInTheDocument();
    await act(() => i18n.changeLanguage("fr"));
    expect(screen.getByLabelText("Langue")).toHaveValue("fr");
    expect(screen.getByRole("link", { name: "Politique de confidentialité" })).toBeInTheDocument();
  });
});
