import { tierDisplayNames, type Me, type Tier } from "@routepilot/contracts";
import { i18n, type ShellKey } from "@/lib/i18n";

/** The access flags from GET /api/me that gate menu items (SPEC §2, §5, §6). */
export type NavAccess = Pick<Me["access"], "teams" | "fleet" | "enhancedAnalytics" | "teamManagement" | "admin" | "superAdmin">;
/** A menu entry: its path, and the catalogue keys (shell namespace) of its label and plan badge. */
export type NavItem = { to: string; labelKey: ShellKey; badgeKey?: ShellKey };

/** A menu entry (a function, so the keys keep their literal types through the spreads below). */
function navItem(to: string, labelKey: ShellKey, badgeKey?: ShellKey): NavItem {
  return badgeKey ? { to, labelKey, badgeKey } : { to, labelKey };
}

const noAccess: NavAccess = { teams: false, fleet: false, enhancedAnalytics: false, teamManagement: false, admin: false, superAdmin: false };

/** The access flags of a signed-in user, or none while /api/me is loading. */
export function accessOf(me: Me | null | undefined): NavAccess {
  return me ? me.access : noAccess;
}

/**
 * "{Tier} Plan", Free by default (SPEC §2 mobile menu), in the active language; a component passes
 * its `t` so it re-renders when the language changes. The tier's name is the product's, untranslated.
 */
export function planLabel(tier: Tier | null | undefined, t: (key: "plan", options: { tier: string }) => string = (key, options) => i18n.t(key, options)): string {
  return t("plan", { tier: tierDisplayNames[tier ?? "free"] });
}

/**
 * The admin pages an account role opens (issue 25: they were linked from no menu), in the order the
 * menus show them. Mirrors the router's RoleGuards: /admin and /security-dashboard need admin or
 * super_admin (`access.admin`), /super-admin needs super_admin (`access.superAdmin`).
 */
export function adminItems(access: NavAccess): NavItem[] {
  if (!access.admin && !access.superAdmin) return [];
  return [
    { to: "/admin", labelKey: "nav.adminDashboard" },
    { to: "/security-dashboard", labelKey: "nav.securityDashboard" },
    ...(access.superAdmin ? [navItem("/super-admin", "nav.superAdminDashboard")] : []),
  ];
}

/**
 * The account menu's entries (SPEC §2 account menu), shared by the desktop account menu and the
 * phone menu so both list the same (issue 27): the account pages, the Company and Legal submenus
 * and Help. Sign Out and the admin pages are added by each menu.
 */
export const accountMenuItems = {
  account: [
    { to: "/profile", labelKey: "nav.profile" },
    { to: "/settings", labelKey: "nav.settings" },
    { to: "/security", labelKey: "nav.security" },
  ],
  company: [
    { to: "/company/about", labelKey: "nav.aboutUs" },
    { to: "/company/contact", labelKey: "nav.contactUs" },
    { to: "/company/careers", labelKey: "nav.careers" },
  ],
  legal: [
    { to: "/terms", labelKey: "nav.termsOfService" },
    { to: "/privacy", labelKey: "nav.privacyPolicy" },
  ],
  help: { to: "/help", labelKey: "nav.help" },
} as const satisfies { account: NavItem[]; company: NavItem[]; legal: NavItem[]; help: NavItem };

/** Desktop top-bar links for a signed-in user (SPEC §2 top bar). */
export function topBarItems(access: NavAccess): NavItem[] {
  return [
    navItem("/", "nav.home"),
    ...(access.fleet ? [navItem("/route-optimization", "nav.routeOptimization")] : []),
    navItem("/route-history", "nav.routes"),
    ...(access.fleet ? [navItem("/fleet", "nav.fleet")] : []),
    ...(access.teams ? [navItem("/teams", "nav.teams")] : []),
    navItem("/analytics", "nav.analytics"),
    navItem("/pricing", "nav.pricing"),
    // One entry for the admin pages; the account menu lists each of them.
    ...(access.admin || access.superAdmin ? [navItem("/admin", "nav.admin")] : []),
  ];
}

/** Mobile-menu links (SPEC §2): tier-gated items carry a badge naming the plan they need. */
export function mobileMenuItems(signedIn: boolean, access: NavAccess): NavItem[] {
  if (!signedIn) {
    return [
      navItem("/", "nav.home"),
      navItem("/pricing", "nav.pricing"),
      navItem("/help", "nav.helpSupport"),
      navItem("/auth/sign-in", "nav.signIn"),
      navItem("/auth/sign-up", "nav.signUp"),
    ];
  }
  return [
    navItem("/", "nav.home"),
    navItem("/route-history", "nav.routeHistory"),
    navItem("/analytics", "nav.analytics"),
    ...(access.enhancedAnalytics ? [navItem("/enhanced-analytics", "nav.enhancedAnalytics", "badge.pro")] : []),
    // SPEC §2: both for the enterprise and fleet_pro tiers.
    ...(access.teamManagement ? [navItem("/fleet", "nav.fleetDashboard", "badge.fleetPro")] : []),
    ...(access.teamManagement ? [navItem("/team-dashboard", "nav.teamManagement", "badge.enterprise")] : []),
    navItem("/pricing", "nav.pricing"),
    navItem("/subscription", "nav.subscription"),
    navItem("/settings", "nav.settings"),
    navItem("/help", "nav.helpSupport"),
    ...adminItems(access).map((item) => ({ ...item, badgeKey: "badge.admin" as const })),
  ];
}

/** Footer links (SPEC §2 footer). */
export function footerItems(signedIn: boolean, access: NavAccess): NavItem[] {
  const base: NavItem[] = [
    navItem("/", "nav.home"),
    navItem("/pricing", "nav.pricing"),
    navItem("/help", "nav.help"),
    navItem("/contact", "nav.contact"),
  ];
  if (!signedIn) return base;
  return [
    ...base,
    navItem("/route-history", "nav.routes"),
    navItem("/analytics", "nav.analytics"),
    // SPEC §2: footer Teams for enterprise and fleet_pro only.
    ...(access.teamManagement ? [navItem("/team-dashboard", "nav.teams")] : []),
    navItem("/settings", "nav.settings"),
  ];
}
