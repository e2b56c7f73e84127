import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { Check } from "lucide-react";
import { driverMessages, failureReasonLabels, type Tracking } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorCard } from "@/components/errors/error-card";
import { useFormat } from "@/lib/format";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { isGone, useTracking } from "@/features/tracking/api/tracking";
import { GoneCard, Loading } from "@/features/tracking/components/public-states";

// Leaflet is loaded only once there is something to show.
const TrackingMap = lazy(async () => ({ default: (await import("@/features/tracking/components/tracking-map")).TrackingMap }));

const steps = [
  { key: "scheduled", label: "Scheduled" },
  { key: "on_its_way", label: "On its way" },
  { key: "next", label: "You're next" },
  { key: "arrived", label: "Driver at your door" },
  { key: "delivered", label: "Delivered" },
] as const;

/** What the status means, in one sentence. */
function headline(t: Tracking): string {
  const driver = t.driverFirstName ?? "Your driver";
  switch (t.status) {
    case "scheduled":
      return `${t.teamName} has scheduled your delivery.`;
    case "on_its_way":
      return `Your delivery is on its way. ${driver} has a few stops before yours.`;
    case "next":
      return `You're next: ${driver} is heading to you now.`;
    case "arrived":
      return `${driver} has arrived at your address.`;
    case "delivered":
      return "Your delivery has been delivered.";
    case "failed":
      return `We could not deliver today${t.failureReason ? `: ${failureReasonLabels[t.failureReason].toLowerCase()}` : ""}.`;
  }
}

/** The progress steps; a failed delivery ends at its own last step. */
function Steps({ status }: { status: Tracking["status"] }) {
  const list = status === "failed" ? [...steps.slice(0, 4), { key: "failed", label: "Not delivered" } as const] : steps;
  const current = status === "failed" ? list.length - 1 : list.findIndex((s) => s.key === status);
  return (
    <ol className="grid gap-2" aria-label="Delivery progress">
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
              {s.label}
              <span className="sr-only">{done ? " (done)" : now ? " (now)" : " (to come)"}</span>
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
  const time = (iso: string) => format.time(iso);
  const day = (iso: string) => format.date(iso, "weekday");
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold tracking-tight">Track your delivery</h1>
      <Card>
        <CardHeader className="gap-1">
          <p className="text-sm text-muted-foreground">{tracking.teamName}</p>
          <CardTitle className="text-xl break-words">
            {tracking.label}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p role="status" aria-live="polite" className="text-base font-medium">
            {headline(tracking)}
          </p>
          {tracking.window ? (
            <div className="rounded-lg border bg-muted/50 p-3">
              <p className="text-sm text-muted-foreground">Expected arrival, {day(tracking.window.start)}</p>
              <p className="text-2xl font-semibold" data-testid="tracking-window">
                {time(tracking.window.start)} – {time(tracking.window.end)}
              </p>
            </div>
          ) : null}
          {tracking.completedAt ? (
            <p className="text-sm">
              {tracking.status === "delivered" ? "Delivered" : "Attempted"} on {day(tracking.completedAt)} at {time(tracking.completedAt)}.
            </p>
          ) : null}
          <Steps status={tracking.status} />
        </CardContent>
      </Card>
      {tracking.proofPhotoUrl ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              Proof of delivery
            </CardTitle>
          </CardHeader>
          <CardContent>
            <img src={tracking.proofPhotoUrl} alt="Photo taken by the driver at delivery" className="max-h-96 w-full rounded-lg object-contain" />
          </CardContent>
        </Card>
      ) : null}
      {tracking.status !== "delivered" && tracking.status !== "failed" ? (
        <section aria-label="Map">
          <Suspense fallback={<Spinner />}>
            <TrackingMap destination={tracking.destination} driver={tracking.driverPosition} />
          </Suspense>
          <p className="mt-1 text-xs text-muted-foreground">
            {tracking.driverPosition ? `Driver's position at ${time(tracking.driverPosition.at)}. ` : ""}This page updates every 30 seconds.
          </p>
        </section>
      ) : null}
    </div>
  );
}

/** /track/:token: a customer's delivery, public (no sign-in), refreshed every 30 s; a clear state once the link has expired. */
export function TrackingPage() {
  const { token = "" } = useParams();
  const tracking = useTracking(token);
  return (
    <PageContainer size="narrow">
      {tracking.isPending ? (
        <Loading text="Loading your delivery…" />
      ) : isGone(tracking.error) ? (
        <GoneCard label="Tracking link expired" title={driverMessages.trackingGone} hint="Tracking links work for 7 days. For anything about your delivery, reply to the e-mail you received." />
      ) : tracking.isError && !tracking.data ? (
        <ErrorCard message="Your delivery could not be loaded." onRetry={() => void tracking.refetch()} />
      ) : tracking.data ? (
        <TrackingView tracking={tracking.data} />
      ) : null}
    </PageContainer>
  );
}
