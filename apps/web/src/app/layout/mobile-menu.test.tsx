import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { Tier } from "@routepilot/contracts";
import { AccountMenu } from "@/app/layout/account-menu";
import { MobileMenu } from "@/app/layout/mobile-menu";
import { accessOf, accountMenuItems, adminItems, footerItems, mobileMenuItems, planLabel, topBarItems, type NavAccess, type NavItem } from "@/app/layout/nav-items";
import { i18n } from "@/lib/i18n";
import { makeMe } from "@/test/utils";

/** The access flags the server gives each tier (SPEC §5/§6) for a user outside any team. */
const accessByTier: Record<Tier, NavAccess> = {
  free: { teams: false, fleet: false, enhancedAnalytics: false, teamManagement: false, admin: false, superAdmin: false },
  premium: { teams: false, fleet: false, enhancedAnalytics: true, teamManagement: false, admin: false, superAdmin: false },
  enterprise: { teams: true, fleet: false, enhancedAnalytics: true, teamManagement: true, admin: false, superAdmin: false },
  fleet_pro: { teams: true, fleet: true, enhancedAnalytics: true, teamManagement: true, admin: false, superAdmin: false },
};

/** The English labels the menus show for these items ("Enhanced Analytics [Pro]"). */
function labels(items: NavItem[]) {
  return items.map((i) => (i.badgeKey ? `${i18n.t(i.labelKey)} [${i18n.t(i.badgeKey)}]` : i18n.t(i.labelKey)));
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
    expect(items).toContainEqual({ to: "/team-dashboard", labelKey: "nav.teamManagement", badgeKey: "badge.enterprise" });
    expect(labels(items)).toContain("Team Management [Enterprise]");
    expect(labels(items)).toContain("Enhanced Analytics [Pro]");
    // SPEC §2: the Fleet Dashboard item is for enterprise and fleet_pro alike.
    expect(labels(items)).toContain("Fleet Dashboard [Fleet Pro]");
  });

  it("fleet_pro: Fleet Dashboard (Fleet Pro) and Team Management (Enterprise)", () => {
    const items = labels(mobileMenuItems(true, accessByTier.fleet_pro));
    expect(items).toEqual(expect.arrayContaining(["Enhanced Analytics [Pro]", "Fleet Dashboard [Fleet Pro]", "Team Management [Enterprise]"]));
  });

  it("signed out: Home, Pricing, Help & Support, Sign In, Sign Up", () => {
    const items = mobileMenuItems(false, accessByTier.free);
    expect(items.map((i) => i.to)).toEqual(["/", "/pricing", "/help", "/auth/sign-in", "/auth/sign-up"]);
    expect(labels(items)).toEqual(["Home", "Pricing", "Help & Support", "Sign In", "Sign Up"]);
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

describe("admin pages in the menus (issue 25)", () => {
  const admin: NavAccess = { ...accessByTier.free, admin: true };
  const superAdmin: NavAccess = { ...accessByTier.free, admin: true, superAdmin: true };

  it("lists /admin and /security-dashboard for an admin, and /super-admin for a super_admin only", () => {
    expect(adminItems(accessByTier.fleet_pro)).toEqual([]);
    expect(adminItems(admin).map((i) => i.to)).toEqual(["/admin", "/security-dashboard"]);
    expect(adminItems(superAdmin).map((i) => i.to)).toEqual(["/admin", "/security-dashboard", "/super-admin"]);
  });

  it("adds one Admin link to the top bar and each admin page to the phone menu, for admins only", () => {
    expect(labels(topBarItems(admin))).toEqual(["Home", "Routes", "Analytics", "Pricing", "Admin"]);
    expect(labels(topBarItems(accessByTier.enterprise))).not.toContain("Admin");
    expect(labels(mobileMenuItems(true, superAdmin)).slice(-3)).toEqual([
      "Admin Dashboard [Admin]",
      "Security Dashboard [Admin]",
      "Super Admin Dashboard [Admin]",
    ]);
    expect(labels(mobileMenuItems(true, accessByTier.enterprise)).some((i) => i.endsWith("[Admin]"))).toBe(false);
    expect(labels(mobileMenuItems(false, superAdmin)).some((i) => i.endsWith("[Admin]"))).toBe(false);
  });

  it("shows an Administration group in the account menu of an admin, none for a user", async () => {
    const { unmount } = render(
      <MemoryRouter>
        <AccountMenu person={{ name: "Root", email: "root@example.com" }} planLabel="Free Plan" access={superAdmin} onSignOut={() => {}} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByTestId("account-menu-trigger"));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Administration")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
    expect(within(menu).getByRole("menuitem", { name: "Security Dashboard" })).toHaveAttribute("href", "/security-dashboard");
    expect(within(menu).getByRole("menuitem", { name: "Super Admin Dashboard" })).toHaveAttribute("href", "/super-admin");
    unmount();

    render(
      <MemoryRouter>
        <AccountMenu person={{ name: "Ana Silva", email: "ana@example.com" }} planLabel="Free Plan" access={accessByTier.fleet_pro} onSignOut={() => {}} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByTestId("account-menu-trigger"));
    const plain = await screen.findByRole("menu");
    expect(within(plain).queryByText("Administration")).toBeNull();
    expect(within(plain).queryByRole("menuitem", { name: /Admin/ })).toBeNull();
  });
});

describe("<MobileMenu>", () => {
  it("opens from the Open menu button and shows the user, the plan, badges and Sign Out", async () => {
    render(
      <MemoryRouter>
        <MobileMenu signedIn person={{ name: "", email: "ana@example.com" }} planLabel="Enterprise Plan" access={accessByTier.enterprise} onSignOut={() => {}} />
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

describe("the display name and avatar in the menus (issue 27, decision 020)", () => {
  it("labels the account menu with the display name and shows the avatar; the e-mail's local part, then User, without a name", async () => {
    const { unmount } = render(
      <MemoryRouter>
        <AccountMenu person={{ name: "Alice Walker", email: "alice.walker@example.com", image: "/api/avatars/u1/version0001" }} planLabel="Free Plan" access={accessByTier.free} onSignOut={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("account-menu-label")).toHaveTextContent("Alice Walker");
    expect(screen.getByRole("button", { name: /^Account menu:\s*Alice Walker/ })).toBeInTheDocument();
    expect(within(screen.getByTestId("account-menu-trigger")).getByTestId("user-avatar-image")).toHaveAttribute("src", "/api/avatars/u1/version0001");
    unmount();

    const { unmount: again } = render(
      <MemoryRouter>
        <AccountMenu person={{ name: "  ", email: "alice.walker@example.com", image: null }} planLabel="Free Plan" access={accessByTier.free} onSignOut={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("account-menu-label")).toHaveTextContent("alice.walker");
    expect(within(screen.getByTestId("account-menu-trigger")).getByTestId("user-avatar-initials")).toHaveTextContent("A");
    again();

    render(
      <MemoryRouter>
        <AccountMenu person={{}} planLabel="Free Plan" access={accessByTier.free} onSignOut={() => {}} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("account-menu-label")).toHaveTextContent("User");
  });

  it("shows the display name and initials in the phone menu", async () => {
    render(
      <MemoryRouter>
        <MobileMenu signedIn person={{ name: "Alice Walker", email: "alice.walker@example.com" }} planLabel="Free Plan" access={accessByTier.free} onSignOut={() => {}} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(dialog).getByTestId("mobile-menu-user")).toHaveTextContent("Alice Walker");
    expect(within(dialog).getByTestId("user-avatar-initials")).toHaveTextContent("AW");
  });
});

describe("phone menu parity with the desktop account menu (issue 27)", () => {
  async function links(ui: React.ReactElement, open: () => Promise<HTMLElement>) {
    const view = render(<MemoryRouter>{ui}</MemoryRouter>);
    const container = await open();
    const hrefs = within(container)
      .queryAllByRole("link")
      .concat(within(container).queryAllByRole("menuitem").filter((el) => el.tagName === "A"))
      .map((el) => el.getAttribute("href"));
    view.unmount();
    return new Set(hrefs);
  }

  it("the phone menu links to every page the account menu does, submenus included, and has Sign Out", async () => {
    const access: NavAccess = { ...accessByTier.fleet_pro, admin: true, superAdmin: true };
    const desktop = [
      ...accountMenuItems.account,
      ...accountMenuItems.company,
      ...accountMenuItems.legal,
      accountMenuItems.help,
      ...adminItems(access),
    ].map((i) => i.to);
    // The account menu really renders those (submenus opened).
    const shown = await links(<AccountMenu person={{ name: "Ana" }} planLabel="Fleet Pro Plan" access={access} onSignOut={() => {}} />, async () => {
      await userEvent.click(screen.getByTestId("account-menu-trigger"));
      const menu = await screen.findByRole("menu");
      await userEvent.click(within(menu).getByRole("menuitem", { name: "Company" }));
      await screen.findByRole("menuitem", { name: "Careers" });
      return document.body;
    });
    for (const to of ["/profile", "/settings", "/security", "/help", "/admin", "/company/about", "/company/careers"]) expect(shown).toContain(to);

    const phone = await links(<MobileMenu signedIn person={{ name: "Ana" }} planLabel="Fleet Pro Plan" access={access} onSignOut={() => {}} />, async () => {
      await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
      return screen.findByRole("dialog", { name: "Menu" });
    });
    for (const to of desktop) expect(phone, to).toContain(to);

    render(
      <MemoryRouter>
        <MobileMenu signedIn person={{ name: "Ana" }} planLabel="Free Plan" access={accessByTier.free} onSignOut={() => {}} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(dialog).getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    expect(within(dialog).getByRole("link", { name: "Security" })).toHaveAttribute("href", "/security");
    expect(within(dialog).getByText("Company")).toBeInTheDocument();
    expect(within(dialog).getByText("Legal")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Sign Out" })).toBeInTheDocument();
  });
});
