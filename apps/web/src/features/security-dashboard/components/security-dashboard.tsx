import { useState, type ReactNode } from "react";
import { formatUptime } from "@/lib/format-duration";
import { securityAlertSeverities, type SecurityAlert, type SecurityAlertSeverity } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { useFormat, type Formatter } from "@/lib/format";
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
  const overview = useSecurityOverview();
  const format = useFormat();
  if (overview.isError) return <QueryProblem error={overview.error} />;
  if (!overview.data) return <p className="text-sm text-muted-foreground">Loading metrics…</p>;
  const m = overview.data.metrics;
  const cards: [string, string][] = [
    ["Total threats", format.number(m.totalThreats)],
    ["Active incidents", format.number(m.activeIncidents)],
    ["Rate-limit violations (24 h)", format.number(m.rateLimitViolations)],
    ["Encryption health", format.percent(m.encryptionHealth, 2)],
    ["System load", format.percent(m.systemLoad, 2)],
    ["Uptime", formatUptime(m.uptime)],
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
        {format.number(overview.data.recentAlerts)} {overview.data.recentAlerts === 1 ? "alert" : "alerts"} raised in the last 5 minutes.
      </p>
      <div aria-labelledby="security-recommendations">
        <h3 id="security-recommendations" className="mb-1 font-semibold">
          Recommendations
        </h3>
        <ul className="list-disc pl-5 text-sm">
          {overview.data.recommendations.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </div>
    </>
  );
}

function AlertItem({ alert, onResolve, busy }: { alert: SecurityAlert; onResolve: () => void; busy: boolean }) {
  const format = useFormat();
  const details = Object.entries(alert.details)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
  return (
    <li className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={severityVariant[alert.severity]}>{alert.severity}</Badge>
          <span className="font-medium break-all">{alert.type}</span>
          <span className="text-xs text-muted-foreground">
            {alert.status}
            {alert.autoResolved ? " (auto-resolved)" : ""}
          </span>
        </div>
        <p className="text-xs text-muted-foreground">
          {when(format, alert.timestamp)} · {alert.source}
          {alert.occurrences > 1 ? ` · ${format.number(alert.occurrences)} times` : ""}
        </p>
        {details ? <p className="text-sm break-all">{details}</p> : null}
      </div>
      {alert.status !== "resolved" ? (
        <Button size="sm" variant="outline" disabled={busy} onClick={onResolve} aria-label={`Resolve ${alert.severity} alert ${alert.type}`}>
          Resolve
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
  return (
    <>
      <div className="flex flex-wrap gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="alert-status">Status</Label>
          <NativeSelect id="alert-status" value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value as AlertFilter["status"] })}>
            <option value="active">Active</option>
            <option value="resolved">Resolved</option>
            <option value="all">All</option>
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="alert-severity">Severity</Label>
          <NativeSelect id="alert-severity" value={filter.severity} onChange={(e) => setFilter({ ...filter, severity: e.target.value as AlertFilter["severity"] })}>
            <option value="all">All</option>
            {securityAlertSeverities.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {/* A refusal is the app's error toast, seen from any alert in the list (decision 018). */}
      <p role="status" className="sr-only">
        {setStatus.isSuccess ? "Alert resolved" : ""}
      </p>
      {alerts.isError ? <QueryProblem error={alerts.error} /> : null}
      {!alerts.data && !alerts.isError ? <p className="text-sm text-muted-foreground">Loading alerts…</p> : null}
      {alerts.data && alerts.data.alerts.length === 0 ? <p className="text-sm text-muted-foreground">No alerts match.</p> : null}
      {alerts.data && alerts.data.alerts.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground">
            {format.number(alerts.data.total)} {alerts.data.total === 1 ? "alert" : "alerts"}, most severe first
          </p>
          <ul aria-label="Security alerts" className="flex flex-col gap-2">
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
  if (violations.isError) return <QueryProblem error={violations.error} />;
  if (!violations.data) return <p className="text-sm text-muted-foreground">Loading violations…</p>;
  const { byCategory, total } = violations.data;
  if (byCategory.length === 0) return <p className="text-sm text-muted-foreground">No rate-limit violations in the last 24 hours.</p>;
  const most = Math.max(...byCategory.map((c) => c.count));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Rate-limit violations by category, last 24 hours ({format.number(total)} in all)</caption>
      <thead className="text-left">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            Category
          </th>
          <th scope="col" className="py-1 pr-2 text-right font-medium">
            Violations
          </th>
          <th scope="col" className="w-1/2 py-1 font-medium">
            <span className="sr-only">Share</span>
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
  if (audit.isError) return <QueryProblem error={audit.error} />;
  if (!audit.data) return <p className="text-sm text-muted-foreground">Loading audit events…</p>;
  if (audit.data.events.length === 0) return <p className="text-sm text-muted-foreground">No audit events yet.</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Recent audit events table">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="text-left">
          <tr>
            {["Time", "Event", "Action", "Outcome", "Risk", "User", "IP address"].map((h) => (
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
              <td className={e.outcome === "failure" ? "py-1 pr-3 text-destructive" : "py-1 pr-3"}>{e.outcome}</td>
              <td className="py-1 pr-3">{e.riskLevel}</td>
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
  return (
    <div className="flex flex-col gap-6">
      <Section id="security-metrics" title="Metrics" description="Refreshed every 10 seconds.">
        <Metrics />
      </Section>
      <Section id="security-alerts" title="Alerts" description="Sorted by severity (critical first), then newest first. Non-critical alerts resolve on their own after 24 hours.">
        <Alerts />
      </Section>
      <div className="grid gap-6 lg:grid-cols-2">
        <Section id="security-violations" title="Rate-limit violations by category" description="Last 24 hours.">
          <Violations />
        </Section>
        <Section id="security-audit" title="Recent audit events" description="Sign-ins, account and role changes, exports and alert changes.">
          <Audit />
        </Section>
      </div>
    </div>
  );
}
