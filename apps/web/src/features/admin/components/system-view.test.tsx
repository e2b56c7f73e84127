import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { createFormatter, type HealthDetails, type SystemAnalytics } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { SystemGrowth } from "@/features/admin/components/system-growth";
import { SystemHealthPanel, bytesText } from "@/features/admin/components/system-health-panel";
import { formatUptime as uptimeText } from "@/lib/format-duration";

const window5 = { minutes: 5, requests: 50, errors: 1, perMinute: 10, errorRatePercent: 2 };
const health: HealthDetails = {
  version: { version: "0.1.0", commit: "unknown" },
  uptimeSeconds: 3723,
  startedAt: "2026-01-01T00:00:00.000Z",
  database: { kind: "pglite", label: "Embedded PGlite", sizeBytes: 12_884_902 },
  solver: { workers: 2, busy: 1, queued: 3, maxQueue: 32, recentSolves: 0, p50Ms: null, p95Ms: null },
  requests: { short: window5, long: { minutes: 60, requests: 0, errors: 0, perMinute: 0, errorRatePercent: null } },
  mail: { queued: 4, failed: 1, oldestQueuedAt: "2026-01-01T10:00:00.000Z", smtpConfigured: false },
  migrations: { known: 12, applied: 12, last: [{ tag: "0011_route-original-duration-and-team-index", hash: "abc", appliedAt: "2026-01-01T00:00:00.000Z" }] },
};

const analytics: SystemAnalytics = {
  from: "2025-01-01",
  to: "2025-01-03",
  timezone: "UTC",
  totals: { signUps: 3, activeUsers: 2, routes: 5, overagePence: 450, users: 9 },
  byDay: [
    { day: "2025-01-01", signUps: 1, activeUsers: 1, routes: 0 },
    { day: "2025-01-02", signUps: 0, activeUsers: 2, routes: 5 },
    { day: "2025-01-03", signUps: 2, activeUsers: 0, routes: 0 },
  ],
  tierMix: [
    { tier: "free", users: 7 },
    { tier: "premium", users: 2 },
    { tier: "enterprise", users: 0 },
    { tier: "fleet_pro", users: 0 },
  ],
  tierMixByDay: ["2025-01-01", "2025-01-02", "2025-01-03"].map((day, i) => ({
    day,
    tiers: [
      { tier: "free" as const, users: 7 - i },
      { tier: "premium" as const, users: i },
      { tier: "enterprise" as const, users: 0 },
      { tier: "fleet_pro" as const, users: 0 },
    ],
  })),
  overageByMonth: [{ month: "2025-01", charges: 2, overageRoutes: 9, amountPence: 450, paidPence: 150 }],
};

function fakeApi() {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      const u = new URL(url, "http://localhost");
      if (u.pathname === "/api/health/details") return jsonResponse(health);
      if (u.pathname === "/api/admin/analytics") return jsonResponse(analytics);
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe("formatting", () => {
  it("uptime and sizes", () => {
    expect(uptimeText(3723)).toBe("1 h 2 min");
    expect(uptimeText(2 * 86_400 + 3 * 3600)).toBe("2 d 3 h");
    expect(uptimeText(42)).toBe("42 s");
    const en = createFormatter({ language: "en", timeZone: "UTC", unit: "km" });
    expect(bytesText(12_884_902, en)).toBe("12.3 MB");
    expect(bytesText(512, en)).toBe("512 B");
    expect(bytesText(null, en)).toBe("Unknown");
    expect(bytesText(12_884_902, createFormatter({ language: "de", timeZone: "UTC", unit: "km" }))).toBe("12,3 MB");
  });
});

describe("SystemHealthPanel", () => {
  it("shows version, database, solver, requests, mail and migrations, with clear states for unknown values", async () => {
    fakeApi();
    renderWithQuery(<SystemHealthPanel />);
    const panel = await screen.findByRole("region", { name: "System health" });
    const value = (label: string) => within(panel).getByText(label).nextElementSibling as HTMLElement;
    expect(await within(panel).findByText("Embedded PGlite")).toBeInTheDocument();
    expect(value("Version")).toHaveTextContent("0.1.0 (commit unknown)");
    expect(value("Uptime")).toHaveTextContent("1 h 2 min");
    expect(value("Database size")).toHaveTextContent("12.3 MB");
    expect(value("Solver pool")).toHaveTextContent("1 of 2 busy · 3 queued (max 32)");
    expect(value("Solve time p50 / p95 (0 in the last hour)")).toHaveTextContent("No solves in the last hour");
    expect(value("Requests, last 5 min")).toHaveTextContent("10 / min · 2% errors (1)");
    expect(value("Requests, last 60 min")).toHaveTextContent("0 / min · no requests");
    expect(value("Mail outbox")).toHaveTextContent("4 queued · 1 failed");
    expect(value("Mail outbox")).toHaveTextContent("No SMTP_URL: messages stay in the outbox");
    expect(value("Migrations")).toHaveTextContent("12 applied of 12 shipped");
    expect(within(panel).getByText("0011_route-original-duration-and-team-index")).toBeInTheDocument();
  });

  it("says what went wrong when the details cannot be read", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({ error: { code: "FORBIDDEN", message: "Only administrators can do that" } }, 403)));
    renderWithQuery(<SystemHealthPanel />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Only administrators can do that");
  });
});

describe("SystemGrowth", () => {
  it("asks for the period in the URL and shows totals, charts and their tables", async () => {
    const urls = fakeApi();
    renderWithQuery(
      <MemoryRouter initialEntries={["/super-admin?period=custom&from=2025-01-01&to=2025-01-03"]}>
        <SystemGrowth />
      </MemoryRouter>,
    );
    expect(await screen.findByText("Overage charged")).toBeInTheDocument();
    expect(urls).toContain("/api/admin/analytics?from=2025-01-01&to=2025-01-03");
    expect(screen.getByText("£4.50")).toBeInTheDocument();
    for (const title of ["Sign-ups per day", "Active users per day", "Routes per day", "Tier mix", "Tier mix over time", "Overage revenue per month"]) {
      expect(screen.getByRole("region", { name: title })).toBeInTheDocument();
    }
    const routes = screen.getByRole("region", { name: "Routes per day" });
    await userEvent.click(within(routes).getByRole("button", { name: "Show as table" }));
    const table = within(routes).getByRole("table");
    expect(within(table).getByRole("row", { name: "2025-01-02 5" })).toBeInTheDocument();
    const tiers = screen.getByRole("region", { name: "Tier mix" });
    await userEvent.click(within(tiers).getByRole("button", { name: "Show as table" }));
    expect(within(tiers).getByRole("row", { name: "Premium 2" })).toBeInTheDocument();
    const overTime = screen.getByRole("region", { name: "Tier mix over time" });
    await userEvent.click(within(overTime).getByRole("button", { name: "Show as table" }));
    expect(within(within(overTime).getByRole("table")).getByRole("row", { name: "2025-01-03 5 2 0 0" })).toBeInTheDocument();
  });
});
