import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { tierDisplayNames } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { mockAuth } from "@/test/mock-auth";
import { renderWithQuery } from "@/test/utils";
import { PricingPage } from "@/features/marketing/routes/pricing-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

/** Headings that are names, the same in every language (plan names, "API"). */
const names = new Set<string>([...Object.values(tierDisplayNames), "API"]);

function renderPage(ui: ReactElement) {
  return renderWithQuery(<MemoryRouter>{ui}</MemoryRouter>);
}

const headingTexts = () => screen.getAllByRole("heading").map((h) => h.textContent ?? "");

/**
 * Renders the page in English, then switches to `language`: every heading but a name must have
 * changed (no English leftovers), and there are as many as in English.
 */
async function renderIn(language: "de" | "fr", ui: ReactElement) {
  renderPage(ui);
  const english = headingTexts();
  await act(() => i18n.changeLanguage(language));
  const translated = headingTexts();
  expect(translated).toHaveLength(english.length);
  for (const text of translated) if (!names.has(text)) expect(english, `"${text}" is still English`).not.toContain(text);
}

afterEach(async () => {
  act(() => mockAuth.signOut());
  await act(() => i18n.changeLanguage("en"));
});

describe("the pricing page in German and French (decision 028)", () => {
  const stripe = { billingEnabled: true, purchasableTiers: ["premium" as const, "enterprise" as const, "fleet_pro" as const] };

  it("renders in German, with the contracts' limits and prices as values", async () => {
    await renderIn("de", <PricingPage sales={stripe} />);
    expect(screen.getByRole("heading", { level: 1, name: "Einfache Preise für jede Route" })).toBeInTheDocument();
    const fleet = screen.getByRole("group", { name: "Fleet Pro" });
    expect(within(fleet).getByText("2,000 Routen pro Monat")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Leistungen von Premium" })).getByText("Alles aus Free")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Premium" })).getByRole("link", { name: "Registrieren, um Premium zu kaufen" })).toHaveAttribute("href", "/auth/sign-up?redirect=%2Fpricing");
    expect(screen.getByRole("heading", { name: "Fragen zu den Preisen" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Was zählt als Route?" })).toBeInTheDocument();
  });

  it("renders in French, and says once how plans change where nothing is sold online", async () => {
    await renderIn("fr", <PricingPage sales={{ billingEnabled: false, purchasableTiers: [] }} />);
    expect(screen.getByRole("heading", { level: 1, name: "Des tarifs simples pour chaque tournée" })).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("Chaque compte commence avec le forfait Free");
    expect(within(screen.getByRole("note")).getByRole("link", { name: "Contactez-nous" })).toHaveAttribute("href", "/contact");
    expect(within(screen.getByRole("group", { name: "Free" })).getByRole("link", { name: "Commencer avec Free" })).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Fonctionnalités de Free" })).getByText("5 tournées optimisées par mois")).toBeInTheDocument();
  });
});
