import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { securityMessages, type SecurityAlert } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { securityKeys } from "@/features/security-dashboard/api/security-dashboard-api";
import { SecurityDashboard } from "@/features/security-dashboard/components/security-dashboard";
import { formatUptime } from "@/lib/format-duration";

const alert = (over: Partial<SecurityAlert>): SecurityAlert => ({
  id: "a1",
  type: "rate_limit",
  severity: "low",
  timestamp: "2026-11-23T10:00:00.000Z",
  source: "rate-limiter:auth",
  details: {},
  status: "active",
  autoResolved: false,
  occurrences: 1,
  updatedAt: "2026-11-23T10:00:00.000Z",
  resolvedAt: null,
  resolvedBy: null,
  ...over,
});

const overview = {
  metrics: { totalThreats: 3, activeIncidents: 2, rateLimitViolations: 40, encryptionHealth: 100, systemLoad: 2.3, uptime: 3720 },
  recentAlerts: 1,
  recommendations: [securityMessages.recommendations.critical],
};
const violations = {
  hours: 24,
  total: 5,
  byCategory: [
    { category: "auth", count: 4 },
    { category: "payment", count: 1 },
  ],
  recent: [],
};
const audit = {
  events: [
    { id: "e1", eventType: "sign_in", action: "sign in", outcome: "failure", riskLevel: "medium", userId: null, resource: "/api/auth/sign-in/email", ipAddress: "203.0.113.9", userAgent: null, sessionId: null, metadata: { email: "victim@example.com" }, timestamp: "2026-11-23T10:00:00.000Z" },
  ],
};

/** A fake security API: alerts answered from `alerts` (PATCH resolves one), the rest fixed. */
function fakeApi(alerts: SecurityAlert[], options: { forbidden?: boolean } = {}) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ method, url, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      if (options.forbidden) return jsonResponse({ error: { code: "FORBIDDEN", message: "Only administrators can do that" } }, 403);
      const u = new URL(url, "http://localhost");
      if (u.pathname === "/api/security/metrics") return jsonResponse(overview);
      if (u.pathname === "/api/security/violations") return jsonResponse(violations);
      if (u.pathname === "/api/security/audit") return jsonResponse(audit);
      if (u.pathname === "/api/security/alerts") {
        const status = u.searchParams.get("status");
        const severity = u.searchParams.get("severity");
        const list = alerts.filter((a) => (!status || a.status === status) && (!severity || a.severity === severity));
        return jsonResponse({ alerts: list, total: list.length });
      }
      const id = u.pathname.split("/").at(-1)!;
      const i = alerts.findIndex((a) => a.id === id);
      alerts[i] = { ...alerts[i]!, status: "resolved", resolvedAt: "2026-11-23T11:00:00.000Z" };
      return jsonResponse(alerts[i]);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("SecurityDashboard", () => {
  it("shows the metrics, the recommendations, violations by category and recent audit events", async () => {
    fakeApi([]);
    renderWithQuery(<SecurityDashboard />);
    const metrics = screen.getByRole("region", { name: "Metrics" });
    expect(await within(metrics).findByText("2.3%")).toBeInTheDocument();
    const expected: [string, string][] = [
      ["Total threats", "3"],
      ["Active incidents", "2"],
      ["Rate-limit violations (24 h)", "40"],
      ["Encryption health", "100%"],
      ["Uptime", "1 h 2 min"],
    ];
    for (const [label, value] of expected) expect(within(metrics).getByText(label).nextElementSibling).toHaveTextContent(value);
    expect(within(metrics).getByRole("listitem")).toHaveTextContent(securityMessages.recommendations.critical);
    expect(within(metrics).getByText("1 alert raised in the last 5 minutes.")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: /Rate-limit violations by category/ });
    expect(within(table).getByRole("rowheader", { name: "auth" }).closest("tr")).toHaveTextContent("4");
    const auditRow = (await screen.findByText("victim@example.com")).closest("tr")!;
    expect(auditRow).toHaveTextContent("sign_in");
    expect(auditRow).toHaveTextContent("failure");
    expect(auditRow).toHaveTextContent("203.0.113.9");
    expect(screen.getByText("No alerts match.")).toBeInTheDocument();
  });

  it("lists alerts as the API sorts them and resolves one, then refetches", async () => {
    const alerts = [alert({ id: "c", severity: "critical", type: "encryption_self_test", details: { encryptionHealth: 0 } }), alert({ id: "l", severity: "low", occurrences: 3 })];
    const calls = fakeApi(alerts);
    renderWithQuery(<SecurityDashboard />);
    const list = await screen.findByRole("list", { name: "Security alerts" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => within(i).getByText(/critical|low/).textContent)).toEqual(["critical", "low"]);
    expect(items[0]).toHaveTextContent("encryptionHealth: 0");
    expect(items[1]).toHaveTextContent("3 times");
    await userEvent.click(within(items[0]!).getByRole("button", { name: "Resolve critical alert encryption_self_test" }));
    expect(calls).toContainEqual({ method: "PATCH", url: "/api/security/alerts/c", body: { status: "resolved" } });
    // After the refetch only the low alert is still active.
    await vi.waitFor(() => expect(within(screen.getByRole("list", { name: "Security alerts" })).getAllByRole("listitem")).toHaveLength(1));
    expect(screen.getByText("1 alert, most severe first")).toBeInTheDocument();
  });

  it("filters by status and severity through the query string", async () => {
    const calls = fakeApi([alert({ id: "r", status: "resolved", severity: "high" })]);
    renderWithQuery(<SecurityDashboard />);
    await screen.findByText("No alerts match.");
    await userEvent.selectOptions(screen.getByLabelText("Status"), "resolved");
    await userEvent.selectOptions(screen.getByLabelText("Severity"), "high");
    expect(await screen.findByRole("list", { name: "Security alerts" })).toHaveTextContent("resolved");
    expect(calls.map((c) => c.url)).toContain("/api/security/alerts?limit=100&status=resolved&severity=high");
    // A resolved alert has no Resolve button.
    expect(screen.queryByRole("button", { name: /Resolve/ })).toBeNull();
  });

  it("shows the API's refusal (403) instead of data", async () => {
    fakeApi([], { forbidden: true });
    renderWithQuery(<SecurityDashboard />);
    // Metrics, alerts, violations and audit each say so.
    await vi.waitFor(() => expect(screen.getAllByRole("alert")).toHaveLength(4));
    for (const a of screen.getAllByRole("alert")) expect(a).toHaveTextContent("Only administrators can do that");
    expect(screen.queryByText("Total threats")).toBeNull();
  });

  it("refreshes the metrics and lists every 10 seconds", async () => {
    fakeApi([]);
    const { queryClient } = renderWithQuery(<SecurityDashboard />);
    await screen.findByText("2.3%");
    for (const key of [securityKeys.overview(), securityKeys.violations(), securityKeys.audit()]) {
      const query = queryClient.getQueryCache().find({ queryKey: key });
      expect((query?.options as { refetchInterval?: number }).refetchInterval).toBe(10_000);
    }
  });

  it("formats uptime", () => {
    expect([formatUptime(7), formatUptime(360), formatUptime(3720), formatUptime(2 * 86_400 + 3 * 3600)]).toEqual(["7 s", "6 min", "1 h 2 min", "2 d 3 h"]);
  });
});
