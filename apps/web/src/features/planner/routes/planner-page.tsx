import { useRef, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { List, Loader2, Map as MapIcon, Pencil, Plus } from "lucide-react";
import type { OptimizeRouteRequest } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { PlannerFormPanel } from "@/features/planner/components/planner-form-panel";
import { PlannerMapPanel } from "@/features/planner/components/planner-map-panel";
import { RouteResult } from "@/features/planner/components/route-result";
import { PlaceReview } from "@/features/planner/components/place-review";
import type { PlannerQuota } from "@/features/planner/components/quota-moments";
import { usePlaceReview } from "@/features/planner/hooks/use-place-review";
import { usePlannedRoute } from "@/features/planner/hooks/use-planned-route";
import { usePlannerForm, type PlannerLocation } from "@/features/planner/hooks/use-planner-form";
import { formErrors } from "@/features/planner/lib/planner-form";
import "@/features/planner/routes/print.css";

export type { PlannerLocation } from "@/features/planner/hooks/use-planner-form";
export type { PlannerQuota } from "@/features/planner/components/quota-moments";

export type PlannerPageProps = {
  /** The page heading ("Welcome, Ana"). */
  title: string;
  savedLocations: PlannerLocation[];
  defaultStart?: PlannerLocation | null;
  defaultEnd?: PlannerLocation | null;
  /** The usage bar, composed in by the app. */
  usage?: ReactNode;
  /** The user's quota (composed in by the app): at the limit the form says so before anything is typed. */
  quota?: PlannerQuota | null;
};

/**
 * The planner (signed-in home page): start, destinations (typed, pasted or imported), finish and
 * vehicle → "Optimise" → the ordered route on the map with hand-off, export and sharing.
 * `?route=<id>` shows a stored route (reopen from history); `&reoptimize=1` re-plans it at once.
 * The form's state lives in `usePlannerForm`, the shown route's in `usePlannedRoute`.
 */
export function PlannerPage({ title, savedLocations, defaultStart, defaultEnd, usage, quota }: PlannerPageProps) {
  const { t } = useTranslation("planner");
  const [searchParams] = useSearchParams();
  // The defaults fill the form only when no stored route is open (its own places win).
  const form = usePlannerForm({ fillDefaults: !searchParams.get("route"), defaultStart, defaultEnd });
  const plan = usePlannedRoute({ onRouteLoaded: form.loadRoute });
  const { route, routeId, stored } = plan;
  // Phones show the result's list or its map, not one 2,000 px below the other (wide screens show both).
  const [phoneView, setPhoneView] = useState<"list" | "map">("list");
  const phone = (view: "list" | "map") => plan.showResult && phoneView !== view && "max-lg:hidden";
  const review = usePlaceReview();
  const optimiseRef = useRef<(request: OptimizeRouteRequest) => void>(() => undefined);

  function submit() {
    plan.dismissRefusal();
    const { request, errors, rowOf } = form.validate();
    if (!request) {
      toast.error(t("page.checkFields"), { description: Object.values(errors)[0] });
      return;
    }
    const onFieldErrors = (fields: Record<string, string>) => form.setErrors(formErrors(fields, rowOf));
    const optimise = (resolved: OptimizeRouteRequest) =>
      plan.optimise(resolved, { onSaved: form.markSaved, onFieldErrors, onPlacesNeedReview: () => review.reviewAfterConflict(resolved, { optimise, onFieldErrors }) });
    optimiseRef.current = optimise;
    // Places are resolved (one request, no quota) and doubtful ones reviewed before anything is charged.
    review.start(request, { optimise, onFieldErrors });
  }

  return (
    <PageContainer size="wide" className="py-6 sm:py-8">
      <header className="flex flex-col gap-4 pb-6 sm:flex-row sm:items-end sm:justify-between print:hidden">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">{t("page.intro")}</p>
        </div>
        {usage}
      </header>
      {plan.showResult ? (
        <div role="group" aria-label={t("page.showAs")} className="mb-4 grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 lg:hidden print:hidden">
          <Button size="sm" variant={phoneView === "list" ? "default" : "ghost"} aria-pressed={phoneView === "list"} onClick={() => setPhoneView("list")}>
            <List aria-hidden="true" />
            {t("page.list")}
          </Button>
          <Button size="sm" variant={phoneView === "map" ? "default" : "ghost"} aria-pressed={phoneView === "map"} onClick={() => setPhoneView("map")}>
            <MapIcon aria-hidden="true" />
            {t("page.map")}
          </Button>
        </div>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,30rem)_minmax(0,1fr)]">
        <div className={cn("grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-4 print:grid!", phone("list"))}>
          {routeId && stored.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {t("page.loading")}
            </p>
          ) : null}
          {routeId && stored.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                {t("page.loadFailed", { message: errorMessage(stored.error) })}{" "}
                <Link to="/" className="underline" onClick={() => plan.setEditing(true)}>
                  {t("page.planNew")}
                </Link>
              </AlertDescription>
            </Alert>
          ) : null}
          {plan.showResult && route ? (
            <>
              <div className="flex flex-wrap gap-2 print:hidden">
                <Button variant="outline" size="sm" onClick={() => plan.setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  {t("page.editStops")}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    form.reset();
                    plan.startNew();
                  }}
                >
                  <Plus aria-hidden="true" />
                  {t("page.newRoute")}
                </Button>
              </div>
              <RouteResult route={route} plan={plan} />
            </>
          ) : review.review ? (
            <PlaceReview
              places={review.review.places}
              submitting={plan.optimising}
              onConfirm={(choices) => {
                const request = review.confirm(choices);
                if (request) optimiseRef.current(request);
              }}
              onBack={review.cancel}
            />
          ) : (
            <PlannerFormPanel
              form={form}
              savedLocations={savedLocations}
              defaultStart={defaultStart}
              onSubmit={submit}
              submitting={plan.optimising || review.resolving}
              onBack={route ? () => plan.setEditing(false) : undefined}
              quota={quota}
              refusal={plan.refusal}
              onDismissRefusal={plan.dismissRefusal}
            />
          )}
        </div>
        <div className={cn("h-[22rem] sm:h-[28rem] lg:sticky lg:top-20 lg:h-[calc(100vh-7rem)] print:block! print:h-[16cm]", phone("map"))}>
          <PlannerMapPanel
            route={route}
            order={plan.order}
            orderChanged={plan.orderChanged}
            selected={plan.showResult ? plan.selected : null}
            onSelect={(i) => {
              plan.setSelected(i);
              plan.setEditing(false);
            }}
          />
        </div>
      </div>
    </PageContainer>
  );
}
