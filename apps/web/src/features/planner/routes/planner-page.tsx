import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Crosshair, Home, Loader2, MapPinned, Pencil, Plus, Route as RouteIcon } from "lucide-react";
import { routeProfiles, type DistanceUnit, type RouteDetail, type RouteProfile, type SavedLocation } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ApiError, errorMessage } from "@/lib/api-client";
import { RouteMap } from "@/lib/map/route-map";
import { useRoute } from "@/features/planner/api/get-route";
import { useOptimizeRoute } from "@/features/planner/api/optimize-route";
import { useReoptimizeRoute } from "@/features/planner/api/reoptimize-route";
import { ImportDialog } from "@/features/planner/components/import-dialog";
import { PasteListDialog } from "@/features/planner/components/paste-list-dialog";
import { PlaceInput } from "@/features/planner/components/place-input";
import { RouteResult } from "@/features/planner/components/route-result";
import { StopRow } from "@/features/planner/components/stop-row";
import "@/features/planner/routes/print.css";
import {
  draftFromRoute,
  emptyDraft,
  emptyStop,
  formErrors,
  validateDraft,
  type EndMode,
  type FieldErrors,
  type PlaceDraft,
  type PlannerDraft,
  type StopDraft,
} from "@/features/planner/lib/planner-form";

/** A saved location as the planner needs it (preferences embed the defaults by value). */
export type PlannerLocation = Pick<SavedLocation, "id" | "name" | "address" | "lat" | "lng">;

export type PlannerPageProps = {
  /** The page heading ("Welcome, Ana"). */
  title: string;
  distanceUnit: DistanceUnit;
  savedLocations: PlannerLocation[];
  defaultStart?: PlannerLocation | null;
  defaultEnd?: PlannerLocation | null;
  /** The usage bar, composed in by the app. */
  usage?: ReactNode;
};

const profileNames: Record<RouteProfile, string> = { car: "Car", van: "Van", truck: "Truck", bicycle: "Bicycle", foot: "On foot" };
const endModes: { value: EndMode; label: string }[] = [
  { value: "roundTrip", label: "Round trip (back to the start)" },
  { value: "lastStop", label: "End at the last stop" },
  { value: "place", label: "End at a chosen place" },
];

function placeFromLocation(location: PlannerLocation): PlaceDraft {
  return location.lat !== null && location.lng !== null ? { text: location.address, lat: location.lat, lng: location.lng } : { text: location.address };
}

function SavedLocationPicker({ locations, onPick, label }: { locations: PlannerLocation[]; onPick: (l: PlannerLocation) => void; label: string }) {
  if (locations.length === 0) return null;
  return (
    <Select value="" onValueChange={(id) => { const l = locations.find((x) => x.id === id); if (l) onPick(l); }}>
      <SelectTrigger className="w-auto shrink-0" aria-label={label}>
        <Home className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">
          <SelectValue placeholder="Saved" />
        </span>
      </SelectTrigger>
      <SelectContent align="end" className="min-w-56">
        {locations.map((l) => (
          <SelectItem key={l.id} value={l.id}>
            {l.name} — {l.address}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/**
 * The planner (signed-in home page): start, destinations (typed, pasted or imported), finish and
 * vehicle → "Optimise" → the ordered route on the map with hand-off, export and sharing.
 * `?route=<id>` shows a stored route (reopen from history); `&reoptimize=1` re-plans it at once.
 */
export function PlannerPage({ title, distanceUnit, savedLocations, defaultStart, defaultEnd, usage }: PlannerPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const routeId = searchParams.get("route");
  const stored = useRoute(routeId);
  const optimize = useOptimizeRoute();
  const reoptimize = useReoptimizeRoute();
  const [draft, setDraft] = useState<PlannerDraft>(() => emptyDraft());
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [quotaMessage, setQuotaMessage] = useState<string | null>(null);
  const [editing, setEditing] = useState(!routeId);
  const [selected, setSelected] = useState<number | null>(null);
  const [locating, setLocating] = useState(false);
  const [loadedRouteId, setLoadedRouteId] = useState<string | null>(null);
  const reoptimized = useRef<string | null>(null);
  const route: RouteDetail | undefined = routeId ? stored.data : undefined;

  // The preferred default start and end fill an untouched, empty form.
  const defaultStartKey = defaultStart?.id ?? null;
  const [appliedDefaults, setAppliedDefaults] = useState<string | null>(null);
  if (!routeId && !touched && (defaultStartKey ?? "") + (defaultEnd?.id ?? "") !== (appliedDefaults ?? "")) {
    setAppliedDefaults((defaultStartKey ?? "") + (defaultEnd?.id ?? ""));
    setDraft((d) => ({
      ...d,
      start: defaultStart ? placeFromLocation(defaultStart) : d.start,
      ...(defaultEnd ? { endMode: "place" as const, end: placeFromLocation(defaultEnd) } : {}),
    }));
  }

  // Reopening a stored route fills the form with it (unless the user is mid-edit).
  if (route && loadedRouteId !== route.id) {
    setLoadedRouteId(route.id);
    if (!touched) setDraft(draftFromRoute(route));
    setSelected(null);
    setEditing(false);
  }

  useEffect(() => {
    if (!route || searchParams.get("reoptimize") !== "1" || reoptimized.current === route.id) return;
    reoptimized.current = route.id;
    reoptimize.mutate(
      { id: route.id },
      {
        onSuccess: () => toast.success("Route re-optimised"),
        onError: (error) => toast.error("Could not re-optimise the route", { description: errorMessage(error) }),
      },
    );
    setSearchParams((p) => {
      p.delete("reoptimize");
      return p;
    }, { replace: true });
  }, [route, searchParams, setSearchParams, reoptimize]);

  const startCoords = draft.start.lat !== undefined && draft.start.lng !== undefined ? { lat: draft.start.lat, lng: draft.start.lng } : undefined;

  const edit = (patch: Partial<PlannerDraft>) => {
    setTouched(true);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const editStop = (index: number, patch: Partial<StopDraft>) => {
    setTouched(true);
    setDraft((d) => ({ ...d, stops: d.stops.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));
  };
  const addStops = (stops: StopDraft[]) => {
    setTouched(true);
    setDraft((d) => {
      const kept = d.stops.filter((s) => s.place.text.trim() !== "" || s.place.lat !== undefined);
      return { ...d, stops: [...kept, ...stops] };
    });
    toast.success(`Added ${stops.length} destination${stops.length === 1 ? "" : "s"}`);
  };

  function useMyLocation() {
    if (!("geolocation" in navigator)) {
      toast.error("Your browser cannot share its location");
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const lat = Math.round(position.coords.latitude * 1e5) / 1e5;
        const lng = Math.round(position.coords.longitude * 1e5) / 1e5;
        edit({ start: { text: `My location (${lat}, ${lng})`, lat, lng } });
      },
      (error) => {
        setLocating(false);
        toast.error("Could not get your location", { description: error.code === error.PERMISSION_DENIED ? "Location access was denied." : "Try again or type an address." });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  function submit() {
    setQuotaMessage(null);
    const { request, errors: found, rowOf } = validateDraft(draft);
    setErrors(found);
    if (!request) {
      toast.error("Check the highlighted fields", { description: Object.values(found)[0] });
      return;
    }
    optimize.mutate(request, {
      onSuccess: ({ route: result }) => {
        setErrors({});
        setTouched(false);
        setLoadedRouteId(result.id);
        setSelected(null);
        setEditing(false);
        setSearchParams({ route: result.id });
        window.scrollTo({ top: 0 });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402) {
          setQuotaMessage(error.message);
          toast.error(error.message);
          return;
        }
        if (error instanceof ApiError && error.fields) setErrors(formErrors(error.fields, rowOf));
        toast.error("Could not optimise the route", { description: errorMessage(error) });
      },
    });
  }

  const showResult = route && !editing;
  const mapStops = route ? route.stops.map((s) => ({ lat: s.lat, lng: s.lng, label: s.label })) : [];

  return (
    <PageContainer size="wide" className="py-6 sm:py-8">
      <header className="flex flex-col gap-4 pb-6 sm:flex-row sm:items-end sm:justify-between print:hidden">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">Plan a route: add a start and your destinations, then optimise the order.</p>
        </div>
        {usage}
      </header>
      {quotaMessage ? (
        <Alert variant="destructive" className="mb-6">
          <AlertTitle>Monthly limit reached</AlertTitle>
          <AlertDescription>
            <p>{quotaMessage}</p>
            <Link to="/pricing" className="font-medium underline underline-offset-2">
              See plans and upgrade
            </Link>
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,30rem)_minmax(0,1fr)]">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-4">
          {routeId && stored.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading the route…
            </p>
          ) : null}
          {routeId && stored.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                This route could not be loaded: {errorMessage(stored.error)}{" "}
                <Link to="/" className="underline" onClick={() => setEditing(true)}>
                  Plan a new route
                </Link>
              </AlertDescription>
            </Alert>
          ) : null}
          {showResult ? (
            <>
              <div className="flex flex-wrap gap-2 print:hidden">
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Edit stops
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setDraft(emptyDraft());
                    setTouched(false);
                    setAppliedDefaults(null);
                    setEditing(true);
                    setSearchParams({});
                  }}
                >
                  <Plus aria-hidden="true" />
                  New route
                </Button>
              </div>
              <RouteResult route={route} unit={distanceUnit} selected={selected} onSelect={setSelected} />
            </>
          ) : (
            <form
              aria-label="Plan a route"
              noValidate
              className="grid gap-4"
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Card>
                <CardHeader className="pb-2">
                  <CardTitle as="h2" className="text-lg">
                    Start
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <PlaceInput label="Start point" hideLabel value={draft.start} onChange={(start) => edit({ start })} error={errors.start}>
                    <SavedLocationPicker locations={savedLocations} label="Start from a saved location" onPick={(l) => edit({ start: placeFromLocation(l) })} />
                    <Button variant="outline" size="icon" aria-label="Use my location" title="Use my location" onClick={useMyLocation} disabled={locating}>
                      {locating ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Crosshair aria-hidden="true" />}
                    </Button>
                  </PlaceInput>
                  {defaultStart && draft.start.text !== defaultStart.address ? (
                    <Button variant="link" size="sm" className="h-auto px-0 pt-2" onClick={() => edit({ start: placeFromLocation(defaultStart) })}>
                      Use my default start: {defaultStart.name}
                    </Button>
                  ) : null}
                </CardContent>
              </Card>

              <Card>
                <CardHeader className="pb-2">
                  <CardTitle as="h2" className="text-lg">
                    Destinations
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-3">
                  {errors.stops ? <p className="text-sm font-medium text-destructive">{errors.stops}</p> : null}
                  <ol className="grid gap-2" aria-label="Destinations">
                    {draft.stops.map((stop, index) => (
                      <StopRow
                        key={stop.key}
                        index={index}
                        stop={stop}
                        errors={errors}
                        near={startCoords}
                        canRemove={draft.stops.length > 1}
                        onChange={(patch) => editStop(index, patch)}
                        onRemove={() => edit({ stops: draft.stops.filter((_, i) => i !== index) })}
                      />
                    ))}
                  </ol>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => edit({ stops: [...draft.stops, emptyStop()] })}>
                      <Plus aria-hidden="true" />
                      Add destination
                    </Button>
                    <PasteListDialog onAdd={(lines) => addStops(lines.map((text) => emptyStop({ text })))} />
                    <ImportDialog onAdd={addStops} near={startCoords} />
                  </div>
                </CardContent>
              </Card>

              <Card>
                <CardHeader className="pb-2">
                  <CardTitle as="h2" className="text-lg">
                    Finish and vehicle
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  <RadioGroup value={draft.endMode} onValueChange={(v) => edit({ endMode: v as EndMode })} aria-label="Where the route ends">
                    {endModes.map((mode) => (
                      <div key={mode.value} className="flex items-center gap-2">
                        <RadioGroupItem value={mode.value} id={`end-${mode.value}`} />
                        <Label htmlFor={`end-${mode.value}`} className="font-normal">
                          {mode.label}
                        </Label>
                      </div>
                    ))}
                  </RadioGroup>
                  {draft.endMode === "place" ? (
                    <PlaceInput label="End point" value={draft.end} onChange={(end) => edit({ end })} error={errors.end} near={startCoords}>
                      <SavedLocationPicker locations={savedLocations} label="End at a saved location" onPick={(l) => edit({ end: placeFromLocation(l) })} />
                    </PlaceInput>
                  ) : null}
                  <div className="grid gap-4 sm:grid-cols-2">
                    <div className="grid gap-1.5">
                      <Label htmlFor="planner-profile">Vehicle</Label>
                      <Select value={draft.profile} onValueChange={(v) => edit({ profile: v as RouteProfile })}>
                        <SelectTrigger id="planner-profile">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {routeProfiles.map((p) => (
                            <SelectItem key={p} value={p}>
                              {profileNames[p]}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    </div>
                    <div className="grid gap-1.5">
                      <Label htmlFor="planner-departure">Departure</Label>
                      <Input id="planner-departure" type="time" value={draft.departureTime} onChange={(e) => edit({ departureTime: e.target.value || "09:00" })} />
                    </div>
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor="planner-name">Route name (optional)</Label>
                    <Input id="planner-name" maxLength={120} value={draft.name} onChange={(e) => edit({ name: e.target.value })} placeholder="e.g. Tuesday deliveries" />
                    {errors.name ? <p className="text-sm font-medium text-destructive">{errors.name}</p> : null}
                  </div>
                </CardContent>
              </Card>

              <div className="flex flex-wrap items-center gap-3">
                <Button type="submit" size="lg" disabled={optimize.isPending}>
                  {optimize.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RouteIcon aria-hidden="true" />}
                  {optimize.isPending ? "Optimising…" : "Optimise"}
                </Button>
                {route ? (
                  <Button variant="ghost" onClick={() => setEditing(false)}>
                    Back to the route
                  </Button>
                ) : null}
              </div>
            </form>
          )}
        </div>
        <div className="h-[22rem] sm:h-[28rem] lg:sticky lg:top-20 lg:h-[calc(100vh-7rem)] print:h-[16cm]">
          {route ? (
            <RouteMap
              className="size-full"
              start={{ lat: route.start.lat, lng: route.start.lng, label: route.start.label }}
              stops={mapStops}
              end={!route.roundTrip && route.end ? { lat: route.end.lat, lng: route.end.lng, label: route.end.label } : null}
              roundTrip={route.roundTrip}
              geometry={route.geometry}
              selected={showResult ? selected : null}
              onSelect={(i) => {
                setSelected(i);
                setEditing(false);
              }}
              attribution={route.attribution}
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-muted/50 p-6 text-center text-muted-foreground">
              <MapPinned className="size-10" aria-hidden="true" />
              <p className="max-w-xs text-sm">Your optimised route appears here, with numbered stops in the order to visit them.</p>
            </div>
          )}
        </div>
      </div>
    </PageContainer>
  );
}
