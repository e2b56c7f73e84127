import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { Tier } from "@routepilot/contracts";
import { MobileMenu } from "@/app/layout/mobile-menu";
import { accessOf, footerItems, mobileMenuItems, planLabel, topBarItems, type NavAccess } from "@/app/layout/nav-items";
import { makeMe } from "@/test/utils";

/** The access flags the server gives each tier (SPEC §5/§6) for a user outside any team. */
const accessByTier: Record<Tier, NavAccess> = {
  free: { teams: false, fleet: false, enhancedAnalytics: false, teamManagement: false },
  premium: { teams: false, fleet: false, enhancedAnalytics: true, teamManagement: false },
  enterprise: { teams: true, fleet: false, enhancedAnalytics: true, teamManagement: true },
  fleet_pro: { teams: true, fleet: true, enhancedAnalytics: true, teamManagement: true },
};

function labels(items: { label: string; badge?: string }[]) {
  return items.map((i) => (i.badge ? `${i.label} [${i.badge}]` : i.label));
}

describe("mobile menu gating (SPEC §2, §6)", () => {
  it("free: no gated items", () => {
    expect(labels(mobileMenuItems(true, accessByTier.free))).toEqual([
      "Home",
      "Route History",
      "Analytics",
      "Pricing",
      "Subscription",
      "Settings",
      "Help & Support",
    ]);
  });

  it("premium: Enhanced Analytics with the Pro badge", () => {
    const items = labels(mobileMenuItems(true, accessByTier.premium));
    expect(items).toContain("Enhanced Analytics [Pro]");
    expect(items.some((i) => i.startsWith("Fleet Dashboard") || i.startsWith("Team Management"))).toBe(false);
  });

  it("enterprise: Team Management (Enterprise) at /team-dashboard", () => {
    const items = mobileMenuItems(true, accessByTier.enterprise);
    expect(items).toContainEqual({ to: "/team-dashboard", label: "Team Management", badge: "Enterprise" });
    expect(labels(items)).toContain("Enhanced Analytics [Pro]");
    // SPEC §2: the Fleet Dashboard item is for enterprise and fleet_pro alike.
    expect(labels(items)).toContain("Fleet Dashboard [Fleet Pro]");
  });

  it("fleet_pro: Fleet Dashboard (Fleet Pro) and Team Management (Enterprise)", () => {
    const items = labels(mobileMenuItems(true, accessByTier.fleet_pro));
    expect(items).toEqual(expect.arrayContaining(["Enhanced Analytics [Pro]", "Fleet Dashboard [Fleet Pro]", "Team Management [Enterprise]"]));
  });

  it("signed out: Home, Pricing, Help & Support, Sign In, Sign Up", () => {
    expect(mobileMenuItems(false, accessByTier.free)).toEqual([
      { to: "/", label: "Home" },
      { to: "/pricing", label: "Pricing" },
      { to: "/help", label: "Help & Support" },
      { to: "/auth/sign-in", label: "Sign In" },
      { to: "/auth/sign-up", label: "Sign Up" },
    ]);
  });

  it('labels the plan "{Tier} Plan", Free by default', () => {
    expect(planLabel(undefined)).toBe("Free Plan");
    expect(planLabel("fleet_pro")).toBe("Fleet Pro Plan");
    expect(accessOf(null)).toEqual(accessByTier.free);
    expect(accessOf(makeMe({ access: { ...makeMe().access, teams: true } })).teams).toBe(true);
  });

  it("gates the top bar and footer with the same flags", () => {
    expect(labels(topBarItems(accessByTier.free))).toEqual(["Home", "Routes", "Analytics", "Pricing"]);
    expect(labels(topBarItems(accessByTier.fleet_pro))).toEqual(["Home", "Route Optimization", "Routes", "Fleet", "Teams", "Analytics", "Pricing"]);
    expect(labels(footerItems(false, accessByTier.free))).toEqual(["Home", "Pricing", "Help", "Contact"]);
    expect(labels(footerItems(true, accessByTier.enterprise))).toEqual(["Home", "Pricing", "Help", "Contact", "Routes", "Analytics", "Teams", "Settings"]);
  });
});

describe("<MobileMenu>", () => {
  it("opens from the Open menu button and shows the user, the plan, badges and Sign Out", async () => {
    render(
      <MemoryRouter>
        <MobileMenu signedIn email="ana@example.com" planLabel="Enterprise Plan" access={accessByTier.enterprise} onSignOut={() => {}} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(dialog).getByText("ana")).toBeInTheDocument();
    expect(within(dialog).getByText("Enterprise Plan")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: /Team Management/ })).toHaveAttribute("href", "/team-dashboard");
    expect(within(dialog).getByText("Enterprise")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: /Fleet Dashboard/ })).toHaveAttribute("href", "/fleet");
    expect(within(dialog).getByRole("button", { name: "Sign Out" })).toBeInTheDocument();
  });

  it("shows Sign In and Sign Up when signed out", async () => {
    render(
      <MemoryRouter>
        <MobileMenu signedIn={false} access={accessByTier.free} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(dialog).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth/sign-in");
    expect(within(dialog).getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/auth/sign-up");
    expect(within(dialog).queryByRole("button", { name: "Sign Out" })).not.toBeInTheDocument();
  });
});
