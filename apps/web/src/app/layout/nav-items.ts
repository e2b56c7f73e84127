import { tierDisplayNames, type Me, type Tier } from "@routepilot/contracts";

/** The access flags from GET /api/me that gate menu items (SPEC §2, §5, §6). */
export type NavAccess = Pick<Me["access"], "teams" | "fleet" | "enhancedAnalytics" | "teamManagement" | "admin" | "superAdmin">;
export type NavItem = { to: string; label: string; badge?: string };

const noAccess: NavAccess = { teams: false, fleet: false, enhancedAnalytics: false, teamManagement: false, admin: false, superAdmin: false };

/** The access flags of a signed-in user, or none while /api/me is loading. */
export function accessOf(me: Me | null | undefined): NavAccess {
  return me ? me.access : noAccess;
}

/** "{Tier} Plan", Free by default (SPEC §2 mobile menu). */
export function planLabel(tier: Tier | null | undefined): string {
  return `${tierDisplayNames[tier ?? "free"]} Plan`;
}

/**
 * The admin pages an account role opens (issue 25: they were linked from no menu), in the order the
 * menus show them. Mirrors the router's RoleGuards: /admin and /security-dashboard need admin or
 * super_admin (`access.admin`), /super-admin needs super_admin (`access.superAdmin`).
 */
export function adminItems(access: NavAccess): NavItem[] {
  if (!access.admin && !access.superAdmin) return [];
  return [
    { to: "/admin", label: "Admin Dashboard" },
    { to: "/security-dashboard", label: "Security Dashboard" },
    ...(access.superAdmin ? [{ to: "/super-admin", label: "Super Admin Dashboard" }] : []),
  ];
}

/**
 * The account menu's entries (SPEC §2 account menu), shared by the desktop account menu and the
 * phone menu so both list the same (issue 27): the account pages, the Company and Legal submenus
 * and Help. Sign Out and the admin pages are added by each menu.
 */
export const accountMenuItems = {
  account: [
    { to: "/profile", label: "Profile" },
    { to: "/settings", label: "Settings" },
    { to: "/security", label: "Security" },
  ],
  company: [
    { to: "/company/about", label: "About Us" },
    { to: "/company/contact", label: "Contact Us" },
    { to: "/company/careers", label: "Careers" },
  ],
  legal: [
    { to: "/terms", label: "Terms of Service" },
    { to: "/privacy", label: "Privacy Policy" },
  ],
  help: { to: "/help", label: "Help" },
} as const satisfies { account: NavItem[]; company: NavItem[]; legal: NavItem[]; help: NavItem };

/** Desktop top-bar links for a signed-in user (SPEC §2 top bar). */
export function topBarItems(access: NavAccess): NavItem[] {
  return [
    { to: "/", label: "Home" },
    ...(access.fleet ? [{ to: "/route-optimization", label: "Route Optimization" }] : []),
    { to: "/route-history", label: "Routes" },
    ...(access.fleet ? [{ to: "/fleet", label: "Fleet" }] : []),
    ...(access.teams ? [{ to: "/teams", label: "Teams" }] : []),
    { to: "/analytics", label: "Analytics" },
    { to: "/pricing", label: "Pricing" },
    // One entry for the admin pages; the account menu lists each of them.
    ...(access.admin || access.superAdmin ? [{ to: "/admin", label: "Admin" }] : []),
  ];
}

/** Mobile-menu links (SPEC §2): tier-gated items carry a badge naming the plan they need. */
export function mobileMenuItems(signedIn: boolean, access: NavAccess): NavItem[] {
  if (!signedIn) {
    return [
      { to: "/", label: "Home" },
      { to: "/pricing", label: "Pricing" },
      { to: "/help", label: "Help & Support" },
      { to: "/auth/sign-in", label: "Sign In" },
      { to: "/auth/sign-up", label: "Sign Up" },
    ];
  }
  return [
    { to: "/", label: "Home" },
    { to: "/route-history", label: "Route History" },
    { to: "/analytics", label: "Analytics" },
    ...(access.enhancedAnalytics ? [{ to: "/enhanced-analytics", label: "Enhanced Analytics", badge: "Pro" }] : []),
    // SPEC §2: both for the enterprise and fleet_pro tiers.
    ...(access.teamManagement ? [{ to: "/fleet", label: "Fleet Dashboard", badge: "Fleet Pro" }] : []),
    ...(access.teamManagement ? [{ to: "/team-dashboard", label: "Team Management", badge: "Enterprise" }] : []),
    { to: "/pricing", label: "Pricing" },
    { to: "/subscription", label: "Subscription" },
    { to: "/settings", label: "Settings" },
    { to: "/help", label: "Help & Support" },
    ...adminItems(access).map((item) => ({ ...item, badge: "Admin" })),
  ];
}

/** Footer links (SPEC §2 footer). */
export function footerItems(signedIn: boolean, access: NavAccess): NavItem[] {
  const base: NavItem[] = [
    { to: "/", label: "Home" },
    { to: "/pricing", label: "Pricing" },
    { to: "/help", label: "Help" },
    { to: "/contact", label: "Contact" },
  ];
  if (!signedIn) return base;
  return [
    ...base,
    { to: "/route-history", label: "Routes" },
    { to: "/analytics", label: "Analytics" },
    // SPEC §2: footer Teams for enterprise and fleet_pro only.
    ...(access.teamManagement ? [{ to: "/team-dashboard", label: "Teams" }] : []),
    { to: "/settings", label: "Settings" },
  ];
}
