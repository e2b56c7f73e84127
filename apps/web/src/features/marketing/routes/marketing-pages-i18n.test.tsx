import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { tierDisplayNames } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { mockAuth } from "@/test/mock-auth";
import { renderWithQuery } from "@/test/utils";
import { PricingPage } from "@/features/marketing/routes/pricing-page";
import { HelpPage } from "@/features/marketing/routes/help-page";
import { PrivacyPage } from "@/features/marketing/routes/privacy-page";
import { TermsPage } from "@/features/marketing/routes/terms-page";

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

describe("the help page in German and French (decision 028)", () => {
  it("renders in German, with the plan limits as values and the same anchors as in English", async () => {
    await renderIn("de", <HelpPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Hilfe & Support" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Tarife und Abrechnung" })).toHaveAttribute("aria-labelledby", "help-plans-and-billing");
    fireEvent.click(screen.getByRole("button", { name: "Wie viele Routen kann ich planen?" }));
    expect(screen.getByText(/Jedes Konto startet im Tarif Free mit 5 optimierten Routen pro Monat/)).toBeInTheDocument();
    expect(screen.getByText(/Fleet Pro 2,000;/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Support kontaktieren" })).toHaveAttribute("href", "/contact");
    expect(screen.getByRole("link", { name: "OpenStreetMap-Mitwirkende" })).toHaveAttribute("href", "https://www.openstreetmap.org/copyright");
  });

  it("renders in French", async () => {
    await renderIn("fr", <HelpPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Aide et assistance" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Équipes et flottes" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Et si j’ai besoin de plus de tournées que mon forfait n’en comprend ?" }));
    expect(screen.getByText(/chaque tournée supplémentaire coûte £1\.00/)).toBeInTheDocument();
  });
});

describe("the legal pages in German and French (decision 028)", () => {
  it("in English, say nothing about a binding version", () => {
    renderPage(<PrivacyPage />);
    expect(screen.queryByRole("note")).toBeNull();
    expect(document.body).not.toHaveTextContent(/binding/i);
  });

  it("privacy policy in German: fully translated, the English version named binding at the top", async () => {
    await renderIn("de", <PrivacyPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Datenschutzerklärung" })).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("verbindlich ist allein die englische Fassung");
    expect(screen.getByRole("heading", { name: "Ihre Rechte" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Konto löschen" })).toHaveAttribute("href", "/delete-account");
    expect(screen.getByRole("link", { name: "Kontaktseite" })).toHaveAttribute("href", "/contact");
  });

  it("privacy policy in French", async () => {
    await renderIn("fr", <PrivacyPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("seule la version anglaise fait foi");
    expect(screen.getByRole("heading", { name: "Ce que nous collectons" })).toBeInTheDocument();
  });

  it("terms of service in German, with the overage price from the contracts", async () => {
    await renderIn("de", <TermsPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Nutzungsbedingungen" })).toBeInTheDocument();
    expect(screen.getByRole("note")).toHaveTextContent("verbindlich ist allein die englische Fassung");
    expect(screen.getByText(/kosten Routen über Ihrem Monatslimit je £1\.00/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute("href", "/privacy");
    expect(screen.getByRole("link", { name: "Preisseite" })).toHaveAttribute("href", "/pricing");
  });

  it("terms of service in French", async () => {
    await renderIn("fr", <TermsPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Conditions d’utilisation" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Forfaits, limites et paiement" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contactez-nous" })).toHaveAttribute("href", "/contact");
  });
});
