/** Plan tiers (SPEC §1, §6) and their monthly route limits (DESIGN.md §4). */
export const tiers = ["free", "premium", "enterprise", "fleet_pro"] as const;
export type Tier = (typeof tiers)[number];

/** A stored tier string as a Tier; anything unknown (or missing) counts as the free plan. */
export function asTier(value: string | null | undefined): Tier {
  return (tiers as readonly string[]).includes(value ?? "") ? (value as Tier) : "free";
}

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
/**
 * What the legacy label entitles an account to (docs/decisions/007-legacy-accounts.md): the first
 * paid plan it buys starts with this many days free (a Stripe trial).
 */
export const LEGACY_TRIAL_DAYS = 30;

/** SPEC §5 legacy user: on the free tier and created before the legacy cutoff. */
export function isLegacyAccount(tier: Tier, createdAt: Date): boolean {
  return tier === "free" && createdAt < new Date(`${LEGACY_CUTOFF}T00:00:00Z`);
}

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

/**
 * One line of a tier's offer. `available: false` marks a feature that is not built yet (root
 * README, Roadmap): the pricing page must show it as "not available yet", never as included.
 */
export type TierFeature = { text: string; available: boolean };

export type TierOffer = {
  /** Price per month, in pence. */
  pricePence: number;
  summary: string;
  features: TierFeature[];
};

const works = (text: string): TierFeature => ({ text, available: true });

/** Marketing description of each tier for the pricing page. Prices in pence per month. */
export const tierOffers: Record<Tier, TierOffer> = {
  free: {
    pricePence: 0,
    summary: "For occasional trips and trying RoutePilot out.",
    features: [
      works("5 optimised routes a month"),
      works("Saved locations"),
      works("Route history"),
      works("Route sharing, GPX and CSV export"),
      works("Map and navigation hand-off"),
    ],
  },
  premium: {
    pricePence: 999,
    summary: "For couriers, sales reps and anyone on the road every day.",
    features: [works("100 optimised routes a month"), works("Everything in Free"), works("Enhanced analytics")],
  },
  enterprise: {
    pricePence: 4999,
    summary: "For teams that want to plan together and share a quota.",
    features: [works("500 optimised routes a month"), works("Everything in Premium"), works("Teams with quota allocation"), works("Team management")],
  },
  fleet_pro: {
    pricePence: 14999,
    summary: "For delivery fleets that want to plan vehicles, drivers and daily rounds.",
    features: [
      works("2,000 optimised routes a month"),
      works("Everything in Enterprise"),
      works("Fleet dashboard, vehicles and drivers"),
      works("Driver app with live positions"),
    ],
  },
};
