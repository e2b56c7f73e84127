import { describe, expect, it } from "vitest";
import { isLegacyAccount, tierOffers, tiers } from "./tiers";

describe("tierOffers", () => {
  it("prices the paid plans in pence and keeps Free at £0", () => {
    expect(tiers.map((tier) => tierOffers[tier].pricePence)).toEqual([0, 999, 4999, 14999]);
  });

  it("offers only features that work: enhanced analytics, teams, fleet planning and the driver app are built", () => {
    for (const tier of tiers) {
      for (const feature of tierOffers[tier].features) {
        expect({ tier, text: feature.text, available: feature.available }).toEqual({ tier, text: feature.text, available: true });
      }
    }
    expect(tierOffers.premium.features.map((f) => f.text)).toContain("Enhanced analytics");
  });
});

describe("isLegacyAccount", () => {
  it("is a free account created before 26 December 2024 (SPEC §5)", () => {
    expect(isLegacyAccount("free", new Date("2024-12-25T23:59:59Z"))).toBe(true);
    expect(isLegacyAccount("free", new Date("2024-12-26T00:00:00Z"))).toBe(false);
    expect(isLegacyAccount("premium", new Date("2024-01-01T00:00:00Z"))).toBe(false);
  });
});
