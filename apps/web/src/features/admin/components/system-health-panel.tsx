import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { HEALTH_REFRESH_MS, systemMessages, type HealthDetails, type RequestWindow } from "@routepilot/contracts";
import { errorMessage } from "@/lib/api-client";
import { useFormat, type Formatter } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useHealthDetails } from "@/features/admin/api/system";

/** Bytes in binary units ("12.3 MB"), or `unknown` (English "Unknown" unless the reader's word is given). */
export function bytesText(bytes: number | null, format: Formatter, unknown: string = systemMessages.unknown): string {
  if (bytes === null) return unknown;
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${format.number(value, unit === 0 ? 0 : 1)} ${units[unit]}`;
}

const msText = (format: Formatter, t: TFunction<"admin">, ms: number | null) =>
  ms === null ? t("health.noSolves") : ms >= 1000 ? `${format.number(ms / 1000, 2)} s` : `${format.number(Math.round(ms), 0)} ms`;
const rateText = (format: Formatter, t: TFunction<"admin">, w: RequestWindow) =>
  t("health.rate", {
    perMinute: format.number(w.perMinute, 1),
    errors:
      w.errorRatePercent === null ? t("health.noRequests") : t("health.errors", { percent: format.percent(w.errorRatePercent, 2), errors: format.number(w.errors) }),
  });
/** An instant to the second ("29 Nov 2026, 14:05:07"), or Unknown. */
const when = (format: Formatter, t: TFunction<"admin">, iso: string | null) => (iso ? `${format.date(iso)}, ${format.time(iso, { seconds: true })}` : t("health.unknown"));

/** An uptime in seconds as "2 d 3 h", "4 h 5 min", "6 min" or "7 s", in the reader's abbreviations. */
function uptimeText(seconds: number, format: Formatter, t: TFunction<"admin">): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t("health.uptimeDays", { days: format.number(days), hours: format.number(hours) });
  if (hours > 0) return t("health.uptimeHours", { hours: format.number(hours), minutes: format.number(minutes) });
  return minutes > 0 ? t("health.uptimeMinutes", { minutes: format.number(minutes) }) : t("health.uptimeSeconds", { seconds: format.number(seconds) });
}

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
  const { t } = useTranslation("admin");
  const format = useFormat();
  const unknown = t("health.unknown");
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Item label={t("health.version")}>
          {version.version}{" "}
          {version.commit === "unknown" ? (
            <span className="font-normal text-muted-foreground">{t("health.commitUnknown")}</span>
          ) : (
            <code className="font-normal">{version.commit}</code>
          )}
        </Item>
        <Item label={t("health.uptime")}>{uptimeText(health.uptimeSeconds, format, t)}</Item>
        <Item label={t("health.database")}>{database.label}</Item>
        <Item label={t("health.databaseSize")}>{bytesText(database.sizeBytes, format, unknown)}</Item>
        <Item label={t("health.solverPool")}>
          {t("health.solverState", { busy: format.number(solver.busy), workers: format.number(solver.workers), queued: format.number(solver.queued), max: format.number(solver.maxQueue) })}
        </Item>
        <Item label={t("health.solveTime", { solves: format.number(solver.recentSolves) })}>
          {solver.recentSolves === 0 ? msText(format, t, null) : `${msText(format, t, solver.p50Ms)} / ${msText(format, t, solver.p95Ms)}`}
        </Item>
        <Item label={t("health.requests", { minutes: format.number(requests.short.minutes) })}>{rateText(format, t, requests.short)}</Item>
        <Item label={t("health.requests", { minutes: format.number(requests.long.minutes) })}>{rateText(format, t, requests.long)}</Item>
        <Item label={t("health.mail")}>
          {t("health.mailState", { queued: format.number(mail.queued), failed: format.number(mail.failed) })}
          <span className="block text-xs font-normal text-muted-foreground">
            {mail.smtpConfigured ? (mail.oldestQueuedAt ? t("health.oldestQueued", { when: when(format, t, mail.oldestQueuedAt) }) : t("health.nothingWaiting")) : t("health.noSmtp")}
          </span>
        </Item>
        <Item label={t("health.migrations")}>{t("health.migrationsState", { applied: format.number(migrations.applied), known: format.number(migrations.known) })}</Item>
      </dl>
      <div>
        <h3 className="mb-1 text-sm font-semibold">{t("health.lastMigrations")}</h3>
        {migrations.last.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("health.noMigrations")}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {migrations.last.map((m) => (
              <li key={m.hash} className="flex flex-wrap gap-x-3">
                <span className="font-medium">{m.tag ?? `${unknown} (${m.hash.slice(0, 12)})`}</span>
                <span className="text-muted-foreground">{when(format, t, m.appliedAt)}</span>
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
  const { t } = useTranslation("admin");
  const health = useHealthDetails();
  const format = useFormat();
  return (
    <section aria-labelledby="system-health" className="flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 text-card-foreground">
      <div>
        <h2 id="system-health" className="text-lg font-semibold">
          {t("health.title")}
        </h2>
        <p className="text-sm text-muted-foreground">
          {health.dataUpdatedAt
            ? t("health.descriptionUpdated", { seconds: format.number(HEALTH_REFRESH_MS / 1000), time: format.time(health.dataUpdatedAt, { seconds: true }) })
            : t("health.description", { seconds: format.number(HEALTH_REFRESH_MS / 1000) })}
        </p>
      </div>
      {health.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(health.error)}
        </p>
      ) : null}
      {health.data ? <Figures health={health.data} /> : health.isPending ? <p className="text-sm text-muted-foreground">{t("health.loading")}</p> : null}
    </section>
  );
}
