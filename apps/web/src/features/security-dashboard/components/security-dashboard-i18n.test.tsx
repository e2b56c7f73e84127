import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { securityMessages, type SecurityAlert } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { SecurityDashboardPage } from "@/features/security-dashboard/routes/security-dashboard-page";

const alert: SecurityAlert = {
  id: "a1",
  type: "encryption_self_test",
  severity: "critical",
  timestamp: "2026-11-23T10:00:00.000Z",
  source: "encryption",
  details: {},
  status: "active",
  autoResolved: false,
  occurrences: 3,
  updatedAt: "2026-11-23T10:00:00.000Z",
  resolvedAt: null,
  resolvedBy: null,
};

function fakeApi() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url, "http://localhost").pathname;
      if (path === "/api/security/metrics")
        return jsonResponse({
          metrics: { totalThreats: 3, activeIncidents: 2, rateLimitViolations: 40, encryptionHealth: 100, systemLoad: 2.5, uptime: 2 * 86_400 + 3 * 3600 },
          recentAlerts: 2,
          recommendations: [securityMessages.recommendations.critical],
        });
      if (path === "/api/security/alerts") return jsonResponse({ alerts: [alert], total: 1 });
      if (path === "/api/security/violations") return jsonResponse({ hours: 24, total: 4, byCategory: [{ category: "auth", count: 4 }], recent: [] });
      if (path === "/api/security/audit")
        return jsonResponse({
          events: [{ id: "e1", eventType: "sign_in", action: "sign in", outcome: "failure", riskLevel: "medium", userId: null, resource: "/api/auth/sign-in/email", ipAddress: "203.0.113.9", userAgent: null, sessionId: null, metadata: {}, timestamp: "2026-11-23T10:00:00.000Z" }],
        });
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("the security dashboard in the active language (decision 028)", () => {
  it("renders the page in German: sections, metrics, alerts, violations and the audit table", async () => {
    fakeApi();
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(<SecurityDashboardPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Sicherheits-Dashboard" })).toBeInTheDocument();
    const metrics = screen.getByRole("region", { name: "Kennzahlen" });
    expect(await within(metrics).findByText("Betriebszeit")).toBeInTheDocument();
    expect(within(metrics).getByText("Betriebszeit").nextElementSibling).toHaveTextContent("2 T 3 h");
    expect(within(metrics).getByText("Verstöße gegen Ratenbegrenzungen (24 h)").nextElementSibling).toHaveTextContent("40");
    expect(within(metrics).getByText("2 Warnungen in den letzten 5 Minuten ausgelöst.")).toBeInTheDocument();
    expect(within(metrics).getByRole("listitem")).toHaveTextContent("Kritische Warnungen sind aktiv");

    const alerts = screen.getByRole("region", { name: "Warnungen" });
    expect(within(alerts).getByLabelText("Schweregrad")).toBeInTheDocument();
    const list = await within(alerts).findByRole("list", { name: "Sicherheitswarnungen" });
    expect(within(list).getByText("kritisch")).toBeInTheDocument();
    expect(within(list).getByText("aktiv")).toBeInTheDocument();
    expect(list).toHaveTextContent("3-mal");
    expect(within(list).getByRole("button", { name: "Warnung encryption_self_test (kritisch) als erledigt markieren" })).toHaveTextContent("Als erledigt markieren");
    expect(within(alerts).getByText("1 Warnung, die schwerwiegendsten zuerst")).toBeInTheDocument();

    expect(await screen.findByRole("table", { name: /Verstöße gegen Ratenbegrenzungen nach Kategorie, letzte 24 Stunden \(4 insgesamt\)/ })).toBeInTheDocument();
    const audit = await screen.findByRole("region", { name: "Tabelle der neuesten Audit-Ereignisse" });
    expect(within(audit).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Zeit", "Ereignis", "Aktion", "Ergebnis", "Risiko", "Benutzer", "IP-Adresse"]);
    const row = within(audit).getByText("203.0.113.9").closest("tr")!;
    expect(row).toHaveTextContent("fehlgeschlagen");
    expect(row).toHaveTextContent("mittel");

    // No English left on the page (values from the server, such as codes and categories, aside).
    const text = document.body.textContent ?? "";
    for (const english of ["Metrics", "Alerts", "Uptime", "Recommendations", "Resolve", "Severity", "Category", "Outcome", "most severe", "Loading", "alerts raised", "Critical alerts are active"]) {
      expect(text).not.toContain(english);
    }
  });
});
