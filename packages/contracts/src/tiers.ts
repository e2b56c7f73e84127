/** Plan tiers (SPEC §1, §6) and their monthly route limits (DESIGN.md §4). */
export const tiers = ["free", "premium", "enterprise", "fleet_pro"] as const;
export type Tier = (typeof tiers)[number];

export const tierDisplayNames: Record<Tier, string> = {
  free: "Free",
  premium: "Premium",
  enterprise: "Enterprise",
  fleet_pro: "Fleet Pro",
};

export const monthlyRouteLimits: Record<Tier, number> = {
  free: 5,
  premium: 100,
  enterprise: 500,
  fleet_pro: 2000,
};

/** Overage fee per route above the monthly limit, in pence (SPEC §9). */
export const OVERAGE_PENCE_PER_ROUTE = 100;
/** Accounts on the free tier created before this date are legacy users (SPEC §5, §9). */
export const LEGACY_CUTOFF = "2024-12-26";

/** Formats an amount in pence as pounds with two decimals. */
export function formatPence(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/** Tiers that see Enhanced Analytics (SPEC §6). */
export function hasEnhancedAnalytics(tier: Tier): boolean {
  return tier === "premium" || tier === "enterprise" || tier === "fleet_pro";
}

/** Tiers that see Fleet and Team Management menus (SPEC §6). */
export function hasTeamManagementTier(tier: Tier): boolean {
  return tier === "enterprise" || tier === "fleet_pro";
}

/** Marketing description of each tier for the pricing page. Prices in pence per month. */
export const tierOffers: Record<Tier, { pricePence: number; summary: string; features: string[] }> = {
  free: {
    pricePence: 0,
    summary: "For occasional trips and trying RoutePilot out.",
    features: ["5 optimised routes a month", "Saved locations", "Route history", "Map and navigation hand-off"],
  },
  premium: {
    pricePence: 999,
    summary: "For couriers, sales reps and anyone on the road every day.",
    features: ["100 optimised routes a month", "Enhanced analytics", "Route sharing", "GPX and CSV export"],
  },
  enterprise: {
    pricePence: 4999,
    summary: "For teams that plan together and share a quota.",
    features: ["500 optimised routes a month", "Teams with quota allocation", "Team management", "Everything in Premium"],
  },
  fleet_pro: {
    pricePence: 14999,
    summary: "For delivery fleets with vehicles, drivers and daily plans.",
    features: ["2,000 optimised routes a month", "Fleet dashboard, vehicles and drivers", "Driver app with live positions", "Everything in Enterprise"],
  },
};
