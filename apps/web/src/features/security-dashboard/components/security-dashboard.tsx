import { useState, type ReactNode } from "react";
import { securityAlertSeverities, type SecurityAlert, type SecurityAlertSeverity } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { useFormat, type Formatter } from "@/lib/format";
import type { TFunction } from "i18next";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";
import {
  useSecurityAlerts,
  useSecurityAudit,
  useSecurityOverview,
  useSecurityViolations,
  useSetAlertStatus,
  type AlertFilter,
} from "@/features/security-dashboard/api/security-dashboard-api";

const severityVariant: Record<SecurityAlertSeverity, "destructive" | "default" | "secondary" | "outline"> = {
  critical: "destructive",
  high: "default",
  medium: "secondary",
  low: "outline",
};

const severityKey = {
  critical: "severity.critical",
  high: "severity.high",
  medium: "severity.medium",
  low: "severity.low",
} as const satisfies Record<SecurityAlertSeverity, string>;

const riskKey = { low: "audit.risk.low", medium: "audit.risk.medium", high: "audit.risk.high", critical: "audit.risk.critical" } as const;
const outcomeKey = { success: "audit.outcome.success", failure: "audit.outcome.failure" } as const;

/** The statuses the dashboard names; any other status an administrator set is shown as it is. */
const statusKey: Record<string, "alerts.status.active" | "alerts.status.resolved" | "alerts.status.investigating"> = {
  active: "alerts.status.active",
  resolved: "alerts.status.resolved",
  investigating: "alerts.status.investigating",
};

/** An uptime in seconds as "2 d 3 h", "4 h 5 min", "6 min" or "7 s", in the reader's language. */
function uptimeText(t: TFunction<"security-dashboard">, format: Formatter, seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const n = (value: number) => format.number(value, 0);
  if (days > 0) return t("metrics.uptimeDays", { days: n(days), hours: n(hours) });
  if (hours > 0) return t("metrics.uptimeHours", { hours: n(hours), minutes: n(minutes) });
  return minutes > 0 ? t("metrics.uptimeMinutes", { minutes: n(minutes) }) : t("metrics.uptimeSeconds", { seconds: n(seconds) });
}

/** An instant to the second ("29 Nov 2026, 14:05:07"): audit events and alerts are read in order. */
const when = (format: Formatter, iso: string) => `${format.date(iso)}, ${format.time(iso, { seconds: true })}`;

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function QueryProblem({ error }: { error: unknown }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      {errorMessage(error)}
    </p>
  );
}

function Metrics() {
  const { t } = useTranslation("security-dashboard");
  const overview = useSecurityOverview();
  const format = useFormat();
  if (overview.isError) return <QueryProblem error={overview.error} />;
  if (!overview.data) return <p className="text-sm text-muted-foreground">{t("metrics.loading")}</p>;
  const m = overview.data.metrics;
  const cards: [string, string][] = [
    [t("metrics.totalThreats"), format.number(m.totalThreats)],
    [t("metrics.activeIncidents"), format.number(m.activeIncidents)],
    [t("metrics.rateLimitViolations"), format.number(m.rateLimitViolations)],
    [t("metrics.encryptionHealth"), format.percent(m.encryptionHealth, 2)],
    [t("metrics.systemLoad"), format.percent(m.systemLoad, 2)],
    [t("metrics.uptime"), uptimeText(t, format, m.uptime)],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {t("metrics.recentAlerts", { count: overview.data.recentAlerts, number: format.number(overview.data.recentAlerts) })}
      </p>
      <div aria-labelledby="security-recommendations">
        <h3 id="security-recommendations" className="mb-1 font-semibold">
          {t("metrics.recommendations")}
        </h3>
        <ul className="list-disc pl-5 text-sm">
          {overview.data.recommendations.map((r) => (
            // The server sends the contracts' English text (securityMessages.recommendations).
            <li key={r}>{translateMessage(r)}</li>
          ))}
        </ul>
      </div>
    </>
  );
}

function AlertItem({ alert, onResolve, busy }: { alert: SecurityAlert; onResolve: () => void; busy: boolean }) {
  const { t } = useTranslation("security-dashboard");
  const format = useFormat();
  const status = statusKey[alert.status] ? t(statusKey[alert.status]!) : alert.status;
  const severity = t(severityKey[alert.severity]);
  const details = Object.entries(alert.details)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={severityVariant[alert.severity]}>{severity}</Badge>
          <span className="font-medium break-all">{alert.type}</span>
          <span className="text-xs text-muted-foreground">
            {alert.autoResolved ? t("alerts.autoResolved", { status }) : status}
          </span>
        </div>
        <p className="text-xs text-muted-foreground">
          {when(format, alert.timestamp)} · {alert.source}
          {alert.occurrences > 1 ? ` · ${t("alerts.times", { count: alert.occurrences, number: format.number(alert.occurrences) })}` : ""}
        </p>
        {details ? <p className="text-sm break-all">{details}</p> : null}
      </div>
      {alert.status !== "resolved" ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={onResolve} aria-label={t("alerts.resolveLabel", { severity, type: alert.type })}>
          {t("alerts.resolve")}
        </Button>
      ) : null}
    </li>
  );
}

function Alerts() {
  const [filter, setFilter] = useState<AlertFilter>({ status: "active", severity: "all" });
  const alerts = useSecurityAlerts(filter);
  const setStatus = useSetAlertStatus();
  const format = useFormat();
  const { t } = useTranslation("security-dashboard");
  return (
    <>
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="alert-status">{t("alerts.statusLabel")}</Label>
          <NativeSelect id="alert-status" value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value as AlertFilter["status"] })}>
            <option value="active">{t("alerts.filter.active")}</option>
            <option value="resolved">{t("alerts.filter.resolved")}</option>
            <option value="all">{t("alerts.filter.all")}</option>
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="alert-severity">{t("alerts.severityLabel")}</Label>
          <NativeSelect id="alert-severity" value={filter.severity} onChange={(e) => setFilter({ ...filter, severity: e.target.value as AlertFilter["severity"] })}>
            <option value="all">{t("alerts.filter.all")}</option>
            {securityAlertSeverities.map((s) => (
              <option key={s} value={s}>
                {t(severityKey[s])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {/* A refusal is the app's error toast, seen from any alert in the list (decision 018). */}
      <p role="status" className="sr-only">
        {setStatus.isSuccess ? t("alerts.resolved") : ""}
      </p>
      {alerts.isError ? <QueryProblem error={alerts.error} /> : null}
      {!alerts.data && !alerts.isError ? <p className="text-sm text-muted-foreground">{t("alerts.loading")}</p> : null}
      {alerts.data && alerts.data.alerts.length === 0 ? <p className="text-sm text-muted-foreground">{t("alerts.none")}</p> : null}
      {alerts.data && alerts.data.alerts.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground">
            {t("alerts.count", { count: alerts.data.total, number: format.number(alerts.data.total) })}
          </p>
          <ul aria-label={t("alerts.listLabel")} className="flex flex-col gap-2">
            {alerts.data.alerts.map((a) => (
              <AlertItem key={a.id} alert={a} busy={setStatus.isPending && setStatus.variables?.id === a.id} onResolve={() => setStatus.mutate({ id: a.id, status: "resolved" })} />
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function Violations() {
  const violations = useSecurityViolations();
  const format = useFormat();
  const { t } = useTranslation("security-dashboard");
  if (violations.isError) return <QueryProblem error={violations.error} />;
  if (!violations.data) return <p className="text-sm text-muted-foreground">{t("violations.loading")}</p>;
  const { byCategory, total } = violations.data;
  if (byCategory.length === 0) return <p className="text-sm text-muted-foreground">{t("violations.none")}</p>;
  const most = Math.max(...byCategory.map((c) => c.count));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t("violations.caption", { total: format.number(total) })}</caption>
      <thead className="text-left">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            {t("violations.category")}
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            {t("violations.violations")}
          </th>
          <th scope="col" className="w-1/2 py-1 font-medium">
            <span className="sr-only">{t("violations.share")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {byCategory.map((c) => (
          <tr key={c.category} className="border-t">
            <th scope="row" className="py-1 pr-2 text-left font-normal break-all">
              {c.category}
            </th>
            <td className="py-1 pr-2 text-right tabular-nums">{format.number(c.count)}</td>
            <td className="py-1" aria-hidden="true">
              <div className="h-2 rounded bg-primary" style={{ width: `${Math.max(4, (c.count / most) * 100)}%` }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Audit() {
  const audit = useSecurityAudit();
  const format = useFormat();
  const { t } = useTranslation("security-dashboard");
  if (audit.isError) return <QueryProblem error={audit.error} />;
  if (!audit.data) return <p className="text-sm text-muted-foreground">{t("audit.loading")}</p>;
  if (audit.data.events.length === 0) return <p className="text-sm text-muted-foreground">{t("audit.none")}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("audit.tableLabel")}>
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="text-left">
          <tr>
            {[t("audit.time"), t("audit.event"), t("audit.action"), t("audit.outcomeHeader"), t("audit.riskHeader"), t("audit.user"), t("audit.ipAddress")].map((h) => (
              <th key={h} scope="col" className="py-1 pr-3 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {audit.data.events.map((e) => (
            <tr key={e.id} className="border-t align-top">
              <td className="py-1 pr-3 whitespace-nowrap">{when(format, e.timestamp)}</td>
              <td className="py-1 pr-3">{e.eventType}</td>
              <td className="py-1 pr-3">{e.action}</td>
              <td className={e.outcome === "failure" ? "py-1 pr-3 text-destructive" : "py-1 pr-3"}>{t(outcomeKey[e.outcome])}</td>
              <td className="py-1 pr-3">{t(riskKey[e.riskLevel])}</td>
              <td className="py-1 pr-3 break-all">{typeof e.metadata.email === "string" ? e.metadata.email : (e.userId ?? "—")}</td>
              <td className="py-1 pr-3">{e.ipAddress ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The administrators' security dashboard: metrics (every 10 s), alerts with resolve, violations, audit events. */
export function SecurityDashboard() {
  const { t } = useTranslation("security-dashboard");
  return (
    <div className="flex flex-col gap-6">
      <Section id="security-metrics" title={t("metrics.title")} description={t("metrics.description")}>
        <Metrics />
      </Section>
      <Section id="security-alerts" title={t("alerts.title")} description={t("alerts.description")}>
        <Alerts />
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="security-violations" title={t("violations.title")} description={t("violations.description")}>
          <Violations />
        </Section>
        <Section id="security-audit" title={t("audit.title")} description={t("audit.description")}>
          <Audit />
        </Section>
      </div>
    </div>
  );
}
