import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { Check } from "lucide-react";
import { driverMessages, type FailureReason, type Tracking } from "@routepilot/contracts";
import type { TFunction } from "i18next";
import { PageContainer } from "@/components/layouts/page-container";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorCard } from "@/components/errors/error-card";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { isGone, useTracking } from "@/features/tracking/api/tracking";
import { GoneCard, Loading } from "@/features/tracking/components/public-states";

// Leaflet is loaded only once there is something to show.
const TrackingMap = lazy(async () => ({ default: (await import("@/features/tracking/components/tracking-map")).TrackingMap }));

const steps = [
  { key: "scheduled", label: "steps.scheduled" },
  { key: "on_its_way", label: "steps.onItsWay" },
  { key: "next", label: "steps.next" },
  { key: "arrived", label: "steps.arrived" },
  { key: "delivered", label: "steps.delivered" },
] as const;

/** Why a delivery failed, as the customer reads it (lower case, inside a sentence). */
const FAILURE_REASON_KEY = {
  not_home: "failureReason.not_home",
  wrong_address: "failureReason.wrong_address",
  refused: "failureReason.refused",
  damaged: "failureReason.damaged",
  other: "failureReason.other",
} as const satisfies Record<FailureReason, string>;

/** What the status means, in one sentence. */
function headline(tracking: Tracking, t: TFunction<"tracking">): string {
  const driver = tracking.driverFirstName ?? t("yourDriver");
  switch (tracking.status) {
    case "scheduled":
      return t("headline.scheduled", { team: tracking.teamName });
    case "on_its_way":
      return t("headline.onItsWay", { driver });
    case "next":
      return t("headline.next", { driver });
    case "arrived":
      return t("headline.arrived", { driver });
    case "delivered":
      return t("headline.delivered");
    case "failed":
      return tracking.failureReason ? t("headline.failedReason", { reason: t(FAILURE_REASON_KEY[tracking.failureReason]) }) : t("headline.failed");
  }
}

/** The progress steps; a failed delivery ends at its own last step. */
function Steps({ status }: { status: Tracking["status"] }) {
  const { t } = useTranslation("tracking");
  const list = status === "failed" ? [...steps.slice(0, 4), { key: "failed", label: "steps.failed" } as const] : steps;
  const current = status === "failed" ? list.length - 1 : list.findIndex((s) => s.key === status);
  return (
    <ol className="grid gap-2" aria-label={t("steps.label")}>
      {list.map((s, i) => {
        const done = i < current;
        const now = i === current;
        return (
          <li key={s.key} aria-current={now ? "step" : undefined} className="flex items-center gap-3 text-sm">
            <span
              aria-hidden="true"
              className={cn(
                "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-bold",
                done && "border-primary bg-primary text-primary-foreground",
                now && (status === "failed" ? "border-destructive bg-destructive text-white" : "border-primary bg-primary/15 text-primary"),
                !done && !now && "text-muted-foreground",
              )}
            >
              {done ? <Check className="size-4" /> : i + 1}
            </span>
            <span className={cn(now ? "font-semibold" : done ? "" : "text-muted-foreground")}>
              {t(s.label)}
              <span className="sr-only">{done ? t("steps.done") : now ? t("steps.now") : t("steps.toCome")}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The delivery as its customer reads it. The customer is not signed in and the tracking response
 * carries no team time zone, so days and times are in the visitor's browser language and time zone:
 * what useFormat() gives a signed-out visitor.
 */
function TrackingView({ tracking }: { tracking: Tracking }) {
  const format = useFormat();
  const { t } = useTranslation("tracking");
  const time = (iso: string) => format.time(iso);
  const day = (iso: string) => format.date(iso, "weekday");
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <Card>
        <CardHeader className="gap-1">
          <p className="text-sm text-muted-foreground">{tracking.teamName}</p>
          <CardTitle className="text-xl break-words">
            {tracking.label}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p role="status" aria-live="polite" className="text-base font-medium">
            {headline(tracking, t)}
          </p>
          {tracking.window ? (
            <div className="rounded-lg border bg-muted/50 p-3">
              <p className="text-sm text-muted-foreground">{t("expectedArrival", { day: day(tracking.window.start) })}</p>
              <p className="text-2xl font-semibold" data-testid="tracking-window">
                {time(tracking.window.start)} – {time(tracking.window.end)}
              </p>
            </div>
          ) : null}
          {tracking.completedAt ? (
            <p className="text-sm">
              {t(tracking.status === "delivered" ? "deliveredOn" : "attemptedOn", { day: day(tracking.completedAt), time: time(tracking.completedAt) })}
            </p>
          ) : null}
          <Steps status={tracking.status} />
        </CardContent>
      </Card>
      {tracking.proofPhotoUrl ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              {t("proof.title")}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <img src={tracking.proofPhotoUrl} alt={t("proof.photo")} className="max-h-96 w-full rounded-lg object-contain" />
          </CardContent>
        </Card>
      ) : null}
      {tracking.status !== "delivered" && tracking.status !== "failed" ? (
        <section aria-label={t("map.label")}>
          <Suspense fallback={<Spinner />}>
            <TrackingMap destination={tracking.destination} driver={tracking.driverPosition} />
          </Suspense>
          <p className="mt-1 text-xs text-muted-foreground">
            {tracking.driverPosition ? t("map.driverAt", { time: time(tracking.driverPosition.at) }) : ""}
            {t("map.refresh")}
          </p>
        </section>
      ) : null}
    </div>
  );
}

/** /track/:token: a customer's delivery, public (no sign-in), refreshed every 30 s; a clear state once the link has expired. */
export function TrackingPage() {
  const { t } = useTranslation("tracking");
  const { token = "" } = useParams();
  const tracking = useTracking(token);
  return (
    <PageContainer size="narrow">
      {tracking.isPending ? (
        <Loading text={t("loading")} />
      ) : isGone(tracking.error) ? (
        <GoneCard label={t("gone.label")} title={translateMessage(driverMessages.trackingGone)} hint={t("gone.hint")} />
      ) : tracking.isError && !tracking.data ? (
        <ErrorCard message={t("loadError")} onRetry={() => void tracking.refetch()} />
      ) : tracking.data ? (
        <TrackingView tracking={tracking.data} />
      ) : null}
    </PageContainer>
  );
}
