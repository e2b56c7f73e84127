import { describe, expect, it } from "vitest";
import { accountLabel, shouldRefreshSession } from "@/lib/auth";

describe("accountLabel", () => {
  it("is the part of the e-mail before the @", () => {
    expect(accountLabel("ana.silva@example.com")).toBe("ana.silva");
  });

  it('is "User" without a usable e-mail', () => {
    expect(accountLabel(undefined)).toBe("User");
    expect(accountLabel(null)).toBe("User");
    expect(accountLabel("")).toBe("User");
    expect(accountLabel("@example.com")).toBe("User");
  });
});

describe("shouldRefreshSession", () => {
  const now = Date.parse("2025-06-01T12:00:00Z");
  it("refreshes when fewer than 3 ticks of 30 s remain", () => {
    expect(shouldRefreshSession(new Date(now + 89_000), now)).toBe(true);
    expect(shouldRefreshSession(new Date(now + 91_000).toISOString(), now)).toBe(false);
    expect(shouldRefreshSession(null, now)).toBe(false);
  });
});
