import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { offlinePlanChange, tierDisplayNames, tierOffers, tiers } from "@routepilot/contracts";
import { NOT_AVAILABLE_YET } from "@/components/layouts/not-available-yet";
import { meQueryKey } from "@/lib/auth";
import { FormatProvider } from "@/lib/format";
import { mockAuth } from "@/test/mock-auth";
import { createTestQueryClient, makeMe, renderWithQuery } from "@/test/utils";
import { AboutPage } from "@/features/marketing/routes/about-page";
import { HelpPage } from "@/features/marketing/routes/help-page";
import { HomePage } from "@/features/marketing/routes/home-page";
import { PricingPage } from "@/features/marketing/routes/pricing-page";
import { PrivacyPage } from "@/features/marketing/routes/privacy-page";
import { SupportDocsPage } from "@/features/marketing/routes/support-docs-page";
import { TermsPage } from "@/features/marketing/routes/terms-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

/** Present-tense claims of features that are not built yet (their former wording). */
const falseClaims = [
  /tick off stops/i,
  /scales with you/i,
  /plans routes for individuals, teams and delivery fleets/i,
  /subscribers can create teams/i,
  /drivers follow their/i,
  /managers add vehicles/i,
  /most popular/i,
  /talk to sales/i,
];

function renderPage(ui: ReactElement, queryClient = createTestQueryClient()) {
  return renderWithQuery(<MemoryRouter>{ui}</MemoryRouter>, queryClient);
}

/**
 * The page's text with every accordion answer in it: collapsed answers are not rendered, so each
 * question is opened in turn (a single-open accordion closes the previous one) and its answer read.
 */
function pageText(): string {
  const answers: string[] = [];
  for (const trigger of screen.queryAllByRole("button", { expanded: false })) {
    fireEvent.click(trigger);
    const panel = document.getElementById(trigger.getAttribute("aria-controls") ?? "");
    answers.push(panel?.textContent ?? "");
  }
  return [document.body.textContent ?? "", ...answers].join("\n");
}

function tierCard(tier: (typeof tiers)[number]): HTMLElement {
  return screen.getByRole("group", { name: tierDisplayNames[tier] });
}

afterEach(() => {
  act(() => mockAuth.signOut());
});

describe("pricing page", () => {
  it("marks every unbuilt feature as not available yet, and only built ones as included", () => {
    renderPage(<PricingPage />);
    for (const tier of tiers) {
      const items = within(screen.getByRole("list", { name: `${tierDisplayNames[tier]} features` })).getAllByRole("listitem");
      expect(items).toHaveLength(tierOffers[tier].features.length);
      tierOffers[tier].features.forEach((feature, index) => {
        const text = items[index]!.textContent ?? "";
        expect(text).toContain(feature.text);
        if (feature.available) expect(text).not.toMatch(/not available yet/i);
        else expect(text).toContain(`(${NOT_AVAILABLE_YET.toLowerCase()})`);
      });
    }
    expect(screen.getByRole("list", { name: "Premium features" }).textContent).toMatch(/Everything in FreeEnhanced analytics$/);
    expect(screen.getByRole("list", { name: "Enterprise features" }).textContent).toMatch(/Teams with quota allocationTeam management$/);
    expect(screen.getByRole("list", { name: "Fleet Pro features" }).textContent).toMatch(/Driver app with live positions$/);
  });

  const noStripe = { billingEnabled: false, purchasableTiers: [] };
  const stripe = { billingEnabled: true, purchasableTiers: ["premium" as const, "enterprise" as const, "fleet_pro" as const] };

  it.each([
    ["signed out", false],
    ["signed in on Free", true],
  ])("without online payments, says once how plans change here and offers no plan action (%s)", (_label, signedIn) => {
    const queryClient = createTestQueryClient();
    if (signedIn) {
      queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ tier: "free" }));
      act(() => mockAuth.signIn());
    }
    renderPage(<PricingPage sales={noStripe} />, queryClient);

    // Once, plainly: the words the subscription page uses too.
    expect(screen.getAllByRole("heading", { name: offlinePlanChange.title })).toHaveLength(1);
    expect(screen.getByRole("note")).toHaveTextContent(offlinePlanChange.description);
    for (const tier of ["premium", "enterprise", "fleet_pro"] as const) {
      const card = tierCard(tier);
      expect(within(card).queryByRole("button")).toBeNull();
      expect(within(card).queryByRole("link")).toBeNull();
      expect(card).not.toHaveTextContent(/not sold online|contact us/i);
    }
    expect(screen.queryByText(/not sold online/i)).toBeNull();
    for (const link of screen.queryAllByRole("link")) expect(link).not.toHaveAccessibleName(/upgrade|buy/i);
    const text = pageText();
    expect(text).toMatch(/an administrator can move you to a plan with more routes/i);
    expect(text).not.toMatch(/next invoice/i);

    const free = tierCard("free");
    if (signedIn) {
      // Their plan is marked, and the only link is to where it is described; no disabled stand-in button.
      expect(within(free).getByText("Current plan")).toBeInTheDocument();
      expect(within(free).getByRole("link", { name: "See your plan" })).toHaveAttribute("href", "/subscription");
      expect(within(free).queryByRole("button")).toBeNull();
    } else {
      expect(within(free).getByRole("link", { name: "Get started with Free" })).toHaveAttribute("href", "/auth/sign-up");
    }
  });

  it("while it is not known whether plans are sold online, shows no plan action but signing up", () => {
    renderPage(<PricingPage />);
    expect(screen.queryByRole("note")).toBeNull();
    for (const tier of ["premium", "enterprise", "fleet_pro"] as const) expect(within(tierCard(tier)).queryByRole("link")).toBeNull();
    expect(within(tierCard("free")).getByRole("link", { name: "Get started with Free" })).toBeInTheDocument();
  });

  it("writes prices and route limits in the reader's formats", () => {
    renderPage(
      <FormatProvider language="de" timeZone="Europe/Berlin" unit="km">
        <PricingPage sales={stripe} />
      </FormatProvider>,
    );
    expect(within(tierCard("premium")).getByText("9,99 £")).toBeInTheDocument();
    expect(within(tierCard("fleet_pro")).getByText("2.000 routes a month")).toBeInTheDocument();
  });

  it("with online payments, a visitor signs up to buy and the answers describe Stripe billing", () => {
    renderPage(<PricingPage sales={stripe} />);
    for (const tier of ["premium", "enterprise", "fleet_pro"] as const) {
      expect(within(tierCard(tier)).getByRole("link", { name: `Sign up to buy ${tierDisplayNames[tier]}` })).toHaveAttribute("href", "/auth/sign-up?redirect=%2Fpricing");
    }
    expect(screen.queryByRole("heading", { name: offlinePlanChange.title })).toBeNull();
    const text = pageText();
    expect(text).toMatch(/each route above your monthly limit costs £1\.00 and is added to your next invoice/i);
    expect(text).toMatch(/manage billing/i);
  });

  it("signed in, each paid plan's button is the one the billing feature composes in", () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ tier: "premium" }));
    act(() => mockAuth.signIn());
    renderPage(<PricingPage sales={stripe} planAction={(tier) => <button type="button">{`action ${tier}`}</button>} />, queryClient);
    expect(within(tierCard("premium")).getByRole("button", { name: "Your current plan" })).toBeDisabled();
    expect(within(tierCard("enterprise")).getByRole("button", { name: "action enterprise" })).toBeInTheDocument();
    expect(within(tierCard("fleet_pro")).getByRole("button", { name: "action fleet_pro" })).toBeInTheDocument();
    expect(within(tierCard("free")).getByRole("link", { name: "See your plan" })).toHaveAttribute("href", "/subscription");
  });

  it("with online payments but a plan without a price here, that plan says so in plain text, not as a button", () => {
    renderPage(<PricingPage sales={{ billingEnabled: true, purchasableTiers: ["premium"] }} />);
    expect(within(tierCard("premium")).getByRole("link", { name: "Sign up to buy Premium" })).toBeInTheDocument();
    const fleet = tierCard("fleet_pro");
    expect(within(fleet).queryByRole("button")).toBeNull();
    expect(within(fleet).getByText(/This plan is not sold online on this server/)).toBeInTheDocument();
    expect(within(fleet).getByRole("link", { name: "Contact us about Fleet Pro" })).toHaveAttribute("href", "/contact");
  });
});

describe("home page", () => {
  it("lists teams, fleet planning and the driver app among the features that work, with nothing left on the roadmap", () => {
    renderPage(<HomePage />);
    const features = screen.getByRole("region", { name: "Everything a busy day on the road needs" });
    expect(within(features).getByRole("heading", { name: "Teams with a shared quota" })).toBeInTheDocument();
    expect(within(features).getByRole("heading", { name: "Fleet planning" })).toBeInTheDocument();
    expect(within(features).getByRole("heading", { name: "A driver app" })).toBeInTheDocument();
    expect(within(features).queryByText(NOT_AVAILABLE_YET)).toBeNull();
    expect(screen.queryByRole("region", { name: "On the roadmap" })).toBeNull();
    for (const claim of falseClaims) expect(pageText()).not.toMatch(claim);
  });
});

describe("help, support docs, about, terms and privacy", () => {
  it("say how plans, teams, fleets and the driver app work", () => {
    renderPage(<HelpPage />);
    const text = pageText();
    expect(text).toMatch(/every account starts on the free plan/i);
    expect(text).toMatch(/yes, on the enterprise and fleet pro plans\. open teams/i);
    expect(text).toMatch(/managers .* add vehicles and drivers on the fleet pages/i);
    expect(text).toMatch(/drivers open the driver app \(\/driver\) on their phone/i);
    for (const claim of falseClaims) expect(text).not.toMatch(claim);
  });

  it("support docs: the team, fleet and driver app guides are current", () => {
    renderPage(<SupportDocsPage />);
    expect(within(screen.getByRole("heading", { name: "Teams" }).parentElement!.parentElement!).queryByText(NOT_AVAILABLE_YET)).toBeNull();
    expect(within(screen.getByRole("heading", { name: "Fleets" }).parentElement!.parentElement!).queryByText(NOT_AVAILABLE_YET)).toBeNull();
    const driverGuide = screen.getByRole("heading", { name: "Driver app" }).parentElement!.parentElement!;
    expect(within(driverGuide).queryByText(NOT_AVAILABLE_YET)).toBeNull();
    for (const step of within(driverGuide).getAllByRole("listitem")) expect(step.textContent).not.toMatch(/\bwill\b/);
    expect(within(screen.getByRole("heading", { name: "Planning a route" }).parentElement!.parentElement!).queryByText(NOT_AVAILABLE_YET)).toBeNull();
    for (const claim of falseClaims) expect(pageText()).not.toMatch(claim);
  });

  it.each([
    ["about", AboutPage],
    ["terms", TermsPage],
    ["privacy", PrivacyPage],
  ])("%s page makes no present-tense claim about payments, teams or fleets", (_name, Page) => {
    renderPage(<Page />);
    const text = pageText();
    for (const claim of falseClaims) expect(text).not.toMatch(claim);
    expect(text).not.toMatch(/paid plans renew automatically/i);
    expect(text).not.toMatch(/billing details for paid plans, handled/i);
  });
});
