import { useState } from "react";
import { Link, useParams } from "react-router";
import { Download, Link2Off, Loader2 } from "lucide-react";
import type { SharedRoute } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorCard } from "@/components/errors/error-card";
import { ApiError } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { NavigateMenu } from "@/lib/map/navigate-menu";
import { RouteMap } from "@/lib/map/route-map";
import { sharedRouteCsvUrl, sharedRouteGpxUrl, useSharedRoute } from "@/features/shared-route/api/get-shared-route";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";
import type { RouteProfile } from "@routepilot/contracts";

const profileKeys = { car: "profile.car", van: "profile.van", truck: "profile.truck", bicycle: "profile.bicycle", foot: "profile.foot" } as const satisfies Record<RouteProfile, string>;

function SharedRouteView({ route, token }: { route: SharedRoute; token: string }) {
  const [selected, setSelected] = useState<number | null>(null);
  // A signed-in visitor's own unit and language; anyone else's browser's (the app's PreferredFormats).
  const format = useFormat();
  const { t } = useTranslation("shared-route");
  const endLabel = route.roundTrip ? t("backToStart", { label: route.start.label }) : route.end ? t("end", { label: route.end.label }) : null;
  const endLeg =
    endLabel && route.endLegDistanceMeters !== null && route.endLegDurationSeconds !== null
      ? `${format.distance(route.endLegDistanceMeters)} · ${format.duration(route.endLegDurationSeconds)}`
      : null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <Card>
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>{route.name}</CardTitle>
            <Badge variant={route.distanceKind === "road distance" ? "success" : "secondary"}>{route.distanceKind === "road distance" ? t("roadDistance") : t("straightLine")}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            {t("stops", { count: route.stops.length })} · {format.distance(route.distanceMeters)} · {format.duration(route.durationSeconds)} · {t(profileKeys[route.profile])}
          </p>
          <div className="flex flex-wrap gap-2 pt-1">
            <NavigateMenu route={route} nextStop={selected ?? 0} />
            <Button asChild variant="outline" size="sm">
              <a href={sharedRouteGpxUrl(token)} download>
                <Download aria-hidden="true" />
                GPX
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={sharedRouteCsvUrl(token)} download>
                <Download aria-hidden="true" />
                CSV
              </a>
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          <ol className="grid grid-cols-[minmax(0,1fr)] gap-1" aria-label={t("list")}>
            <li className="flex items-center gap-3 px-2 py-2 text-sm">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-success text-xs font-bold text-success-foreground" aria-hidden="true">
                {t("startMark")}
              </span>
              <span className="font-medium">{t("start", { label: route.start.label })}</span>
            </li>
            {route.stops.map((stop, index) => (
              <li key={stop.sequence}>
                <button
                  type="button"
                  aria-pressed={selected === index}
                  onClick={() => setSelected(selected === index ? null : index)}
                  className={cn("flex w-full items-center gap-3 rounded-lg border px-2 py-2 text-left text-sm", selected === index ? "border-primary bg-accent" : "border-transparent hover:bg-muted")}
                >
                  <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-bold text-secondary-foreground">{index + 1}</span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words">{stop.label}</span>
                    {stop.address && stop.address !== stop.label ? <span className="block text-xs break-words text-muted-foreground">{stop.address}</span> : null}
                    <span className="block text-xs text-muted-foreground">{`${format.distance(stop.legDistanceMeters)} · ${format.duration(stop.legDurationSeconds)}`}</span>
                  </span>
                </button>
              </li>
            ))}
            {endLabel ? (
              <li className="flex items-center gap-3 px-2 py-2 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words">{endLabel}</span>
                  {endLeg ? <span className="block text-xs text-muted-foreground">{endLeg}</span> : null}
                </span>
              </li>
            ) : null}
          </ol>
          {route.attribution ? <p className="mt-4 text-xs text-muted-foreground">{t("routingData", { attribution: route.attribution })}</p> : null}
        </CardContent>
      </Card>
      <div className="h-[22rem] sm:h-[28rem] lg:h-[36rem]">
        <RouteMap
          className="size-full"
          start={route.start}
          stops={route.stops}
          end={!route.roundTrip ? route.end : null}
          roundTrip={route.roundTrip}
          geometry={route.geometry}
          selected={selected}
          onSelect={setSelected}
          attribution={route.attribution}
        />
      </div>
    </div>
  );
}

/** /shared-route/:token: a read-only route someone shared (no sign-in needed); a clear not-found state for revoked or unknown links. */
export function SharedRoutePage() {
  const { token = "" } = useParams();
  const shared = useSharedRoute(token);
  const { t } = useTranslation("shared-route");
  const notFound = shared.isError && shared.error instanceof ApiError && (shared.error.status === 404 || shared.error.status === 400);
  return (
    <PageContainer size="wide">
      <PageHeader title={t("title")} description={t("description")} />
      {shared.isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {t("loading")}
        </p>
      ) : notFound ? (
        <Card className="mx-auto max-w-lg text-center" role="region" aria-label={t("notFound")}>
          <CardContent className="grid justify-items-center gap-3 p-8">
            <Link2Off className="size-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-xl font-semibold">{t("unavailable")}</h2>
            <p className="text-muted-foreground">{t("unavailableText")}</p>
            <Button asChild variant="outline">
              <Link to="/">{t("goHome")}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : shared.isError ? (
        <ErrorCard message={t("loadFailed")} onRetry={() => void shared.refetch()} />
      ) : (
        <SharedRouteView route={shared.data} token={token} />
      )}
    </PageContainer>
  );
}
