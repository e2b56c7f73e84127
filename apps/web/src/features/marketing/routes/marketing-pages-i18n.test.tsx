import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { tierDisplayNames } from "@routepilot/contracts";
import { FormatProvider } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { mockAuth } from "@/test/mock-auth";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { PricingPage } from "@/features/marketing/routes/pricing-page";
import { HelpPage } from "@/features/marketing/routes/help-page";
import { PrivacyPage } from "@/features/marketing/routes/privacy-page";
import { TermsPage } from "@/features/marketing/routes/terms-page";
import { SupportDocsPage } from "@/features/marketing/routes/support-docs-page";
import type { OpenApiDocument } from "@/features/marketing/components/api-reference";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

/** Headings that are names, the same in every language: plan names, "API", and an API operation ("POST /api/v1/optimize"). */
const names = new Set<string>([...Object.values(tierDisplayNames), "API"]);
const isName = (text: string) => names.has(text) || /^(GET|POST|PUT|PATCH|DELETE)\s*\//.test(text);
/** Headings whose right translation is the English word (German says "Teams" too, as the menu does). */
const sameWord: Record<"de" | "fr", string[]> = { de: ["Teams"], fr: [] };

function renderPage(ui: ReactElement) {
  return renderWithQuery(<MemoryRouter>{ui}</MemoryRouter>);
}

const headingTexts = () => screen.getAllByRole("heading").map((h) => h.textContent ?? "");

/**
 * Renders the page in English, then switches to `language`: every heading but a name must have
 * changed (no English leftovers), and there are as many as in English.
 */
async function renderIn(language: "de" | "fr", ui: ReactElement, ready?: () => Promise<unknown>) {
  renderPage(ui);
  await ready?.();
  const english = headingTexts();
  await act(() => i18n.changeLanguage(language));
  const translated = headingTexts();
  expect(translated).toHaveLength(english.length);
  for (const text of translated) if (!isName(text) && !sameWord[language].includes(text)) expect(english, `"${text}" is still English`).not.toContain(text);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  act(() => mockAuth.signOut());
  await act(() => i18n.changeLanguage("en"));
});

describe("the pricing page in German and French (decision 028)", () => {
  const stripe = { billingEnabled: true, purchasableTiers: ["premium" as const, "enterprise" as const, "fleet_pro" as const] };

  it("renders in German, with the contracts' limits and prices as values in the reader's formats", async () => {
    await renderIn(
      "de",
      <FormatProvider language="de" timeZone="Europe/Berlin" unit="km">
        <PricingPage sales={stripe} />
      </FormatProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Einfache Preise für jede Route" })).toBeInTheDocument();
    const fleet = screen.getByRole("group", { name: "Fleet Pro" });
    expect(within(fleet).getByText("2.000 Routen pro Monat")).toBeInTheDocument();
    expect(within(fleet).getByText("2.000 optimierte Routen pro Monat")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Premium" })).getByText("9,99 £")).toBeInTheDocument();
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

describe("the support docs in German and French (decision 028)", () => {
  /** A cut of /api/openapi.json: what it says stays the API's English. */
  const doc: OpenApiDocument = {
    paths: {
      "/api/v1/optimize": {
        post: {
          summary: "Solve a VROOM problem while you wait",
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/VroomInput" } } } },
          responses: { 200: { description: "VROOM output" } },
        },
      },
    },
    components: { schemas: { VroomInput: { type: "object", required: ["vehicles"], properties: { vehicles: { type: "array", items: { type: "object" }, description: "At least one vehicle" } } } } },
  };
  const loaded = () => screen.findByText("/api/v1/optimize");

  it("renders the guides and the API section's own words in German; the API document's words stay English, and a note says so", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse(doc))));
    await renderIn("de", <SupportDocsPage />, loaded);
    expect(screen.getByRole("heading", { level: 1, name: "Anleitungen und Dokumentation" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Flotten" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Hilfe-Center" })).toHaveAttribute("href", "/help");
    const api = screen.getByRole("region", { name: "API" });
    expect(within(api).getByRole("link", { name: "Einstellungen → API-Schlüssel" })).toHaveAttribute("href", "/settings#api-keys");
    expect(within(api).getByText("Authorization: Bearer <key>")).toBeInTheDocument();
    expect(within(api).getByRole("note")).toHaveTextContent("sind auf Englisch, wie die API selbst");
    expect(within(api).getByRole("table", { name: "Felder des Anfragekörpers von POST /api/v1/optimize" })).toBeInTheDocument();
    expect(within(api).getByRole("columnheader", { name: "Beschreibung" })).toBeInTheDocument();
    expect(within(api).getByText("Solve a VROOM problem while you wait")).toBeInTheDocument();
    expect(within(api).getByText("At least one vehicle")).toBeInTheDocument();
    expect(within(api).getByLabelText("curl-Beispiel für POST /api/v1/optimize").textContent).toContain("--data @vroom-example.json");
    expect(within(api).getByText(/15 Minuten gültig, signiert mit EdDSA/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "OpenStreetMap-Mitwirkende" })).toBeInTheDocument();
  });

  it("renders in French", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse(doc))));
    await renderIn("fr", <SupportDocsPage />, loaded);
    expect(screen.getByRole("heading", { level: 1, name: "Guides et documentation" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Application chauffeur" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Jetons pour les intégrations (JWT et JWKS)" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Télécharger un exemple de fichier VROOM" })).toHaveAttribute("href", "/examples/vroom-example.json");
    expect(within(screen.getByRole("region", { name: "API" })).getByRole("note")).toHaveTextContent("sont en anglais, comme l’API elle-même");
  });

  it("in English, has no note about the API's language", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse(doc))));
    renderPage(<SupportDocsPage />);
    await loaded();
    expect(within(screen.getByRole("region", { name: "API" })).queryByRole("note")).toBeNull();
  });
});

describe("every marketing page in every language", () => {
  const pages = { pricing: PricingPage, help: HelpPage, supportDocs: SupportDocsPage, privacy: PrivacyPage, terms: TermsPage };
  it.each(["de", "fr", "it", "es"] as const)("%s: shows no catalogue key, placeholder or tag", async (language) => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({}, 500))));
    await act(() => i18n.changeLanguage(language));
    for (const [name, Page] of Object.entries(pages)) {
      const view = renderPage(<Page />);
      for (const trigger of screen.queryAllByRole("button", { expanded: false })) fireEvent.click(trigger);
      // The API's own code samples quote "<key>" and "<field>".
      const text = (document.body.textContent ?? "").replace(/<key>|<field>/g, "");
      expect(text, `${language} ${name}`).not.toMatch(/\{\{|<\/?[a-z]+>|\b(pricing|help|supportDocs|privacy|terms|apiReference|legal|osm)\.[a-z]/);
      view.unmount();
    }
  });
});
