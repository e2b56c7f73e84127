import type { ReactNode } from "react";
import { formatUptime } from "@/lib/format-duration";
import { HEALTH_REFRESH_MS, systemMessages, type HealthDetails, type RequestWindow } from "@routepilot/contracts";
import { errorMessage } from "@/lib/api-client";
import { useFormat, type Formatter } from "@/lib/format";
import { useHealthDetails } from "@/features/admin/api/system";

const UNKNOWN = systemMessages.unknown;

/** Bytes in binary units ("12.3 MB"), or Unknown. */
export function bytesText(bytes: number | null, format: Formatter): string {
  if (bytes === null) return UNKNOWN;
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${format.number(value, unit === 0 ? 0 : 1)} ${units[unit]}`;
}

const msText = (format: Formatter, ms: number | null) =>
  ms === null ? "No solves in the last hour" : ms >= 1000 ? `${format.number(ms / 1000, 2)} s` : `${format.number(Math.round(ms), 0)} ms`;
const rateText = (format: Formatter, w: RequestWindow) =>
  `${format.number(w.perMinute, 1)} / min · ${w.errorRatePercent === null ? "no requests" : `${format.percent(w.errorRatePercent, 2)} errors (${format.number(w.errors)})`}`;
/** An instant to the second ("29 Nov 2026, 14:05:07"), or Unknown. */
const when = (format: Formatter, iso: string | null) => (iso ? `${format.date(iso)}, ${format.time(iso, { seconds: true })}` : UNKNOWN);

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-semibold break-words tabular-nums">{children}</dd>
    </div>
  );
}

function Figures({ health }: { health: HealthDetails }) {
  const { version, database, solver, requests, mail, migrations } = health;
  const format = useFormat();
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Item label="Version">
          {version.version} {version.commit === "unknown" ? <span className="font-normal text-muted-foreground">(commit {UNKNOWN.toLowerCase()})</span> : <code className="font-normal">{version.commit}</code>}
        </Item>
        <Item label="Uptime">{formatUptime(health.uptimeSeconds)}</Item>
        <Item label="Database">{database.label}</Item>
        <Item label="Database size">{bytesText(database.sizeBytes, format)}</Item>
        <Item label="Solver pool">
          {solver.busy} of {solver.workers} busy · {solver.queued} queued (max {solver.maxQueue})
        </Item>
        <Item label={`Solve time p50 / p95 (${solver.recentSolves} in the last hour)`}>
          {solver.recentSolves === 0 ? msText(format, null) : `${msText(format, solver.p50Ms)} / ${msText(format, solver.p95Ms)}`}
        </Item>
        <Item label={`Requests, last ${requests.short.minutes} min`}>{rateText(format, requests.short)}</Item>
        <Item label={`Requests, last ${requests.long.minutes} min`}>{rateText(format, requests.long)}</Item>
        <Item label="Mail outbox">
          {mail.queued} queued · {mail.failed} failed
          <span className="block text-xs font-normal text-muted-foreground">
            {mail.smtpConfigured ? (mail.oldestQueuedAt ? `Oldest queued ${when(format, mail.oldestQueuedAt)}` : "Nothing waiting") : "No SMTP_URL: messages stay in the outbox"}
          </span>
        </Item>
        <Item label="Migrations">
          {migrations.applied} applied of {migrations.known} shipped
        </Item>
      </dl>
      <div>
        <h3 className="mb-1 text-sm font-semibold">Last migrations</h3>
        {migrations.last.length === 0 ? (
          <p className="text-sm text-muted-foreground">No migrations recorded.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {migrations.last.map((m) => (
              <li key={m.hash} className="flex flex-wrap gap-x-3">
                <span className="font-medium">{m.tag ?? `${UNKNOWN} (${m.hash.slice(0, 12)})`}</span>
                <span className="text-muted-foreground">{when(format, m.appliedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** Version, uptime, database, solver pool, request and error rate, mail outbox and migrations; refreshed every 30 s. */
export function SystemHealthPanel() {
  const health = useHealthDetails();
  const format = useFormat();
  return (
    <section aria-labelledby="system-health" className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground">
      <div>
        <h2 id="system-health" className="text-lg font-semibold">
          System health
        </h2>
        <p className="text-sm text-muted-foreground">
          This server process, read every {HEALTH_REFRESH_MS / 1000} s
          {health.dataUpdatedAt ? ` · updated ${format.time(health.dataUpdatedAt, { seconds: true })}` : ""}.
        </p>
      </div>
      {health.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(health.error)}
        </p>
      ) : null}
      {health.data ? <Figures health={health.data} /> : health.isPending ? <p className="text-sm text-muted-foreground">Loading system health…</p> : null}
    </section>
  );
}
