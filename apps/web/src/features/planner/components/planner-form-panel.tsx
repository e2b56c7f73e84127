import { Crosshair, Loader2, Plus, Route as RouteIcon } from "lucide-react";
import { routeProfiles, type RouteProfile } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useTranslation } from "@/lib/i18n";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ImportDialog } from "@/features/planner/components/import-dialog";
import { PasteListDialog } from "@/features/planner/components/paste-list-dialog";
import { PlaceInput } from "@/features/planner/components/place-input";
import { QUOTA_REASON_ID, QuotaBanner, QuotaReason, RefusalMessage, type PlannerQuota } from "@/features/planner/components/quota-moments";
import { SavedLocationPicker } from "@/features/planner/components/saved-location-picker";
import { StopRow } from "@/features/planner/components/stop-row";
import { useMyLocation } from "@/features/planner/hooks/use-my-location";
import { placeFromLocation, type PlannerForm, type PlannerLocation } from "@/features/planner/hooks/use-planner-form";
import { emptyStop, type EndMode } from "@/features/planner/lib/planner-form";

const profileKeys = { car: "profile.car", van: "profile.van", truck: "profile.truck", bicycle: "profile.bicycle", foot: "profile.foot" } as const satisfies Record<RouteProfile, string>;
const endModes = [
  { value: "roundTrip", label: "form.endRoundTrip" },
  { value: "lastStop", label: "form.endLastStop" },
  { value: "place", label: "form.endPlace" },
] as const satisfies readonly { value: EndMode; label: string }[];

type PlannerFormPanelProps = {
  form: PlannerForm;
  savedLocations: PlannerLocation[];
  defaultStart?: PlannerLocation | null | undefined;
  onSubmit: () => void;
  submitting: boolean;
  /** Shown when a route is open behind the form ("Back to the route"). */
  onBack?: (() => void) | undefined;
  /** The user's quota: at the limit, a banner above the form and Optimise disabled with the reason. */
  quota?: PlannerQuota | null | undefined;
  /** The server's message for a refused optimisation (402, 429), shown by the button until dismissed. */
  refusal?: string | null | undefined;
  onDismissRefusal?: (() => void) | undefined;
};

/** The planner form: start, destinations (typed, pasted or imported), finish and vehicle, and "Optimise". */
export function PlannerFormPanel({ form, savedLocations, defaultStart, onSubmit, submitting, onBack, quota, refusal, onDismissRefusal }: PlannerFormPanelProps) {
  const { t } = useTranslation("planner");
  const { draft, errors, edit, editStop, addStops, startCoords } = form;
  const myLocation = useMyLocation((start) => edit({ start }));
  const atLimit = Boolean(quota?.refusal);

  return (
    <form
      aria-label={t("form.label")}
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!atLimit) onSubmit();
      }}
    >
      {quota ? <QuotaBanner quota={quota} /> : null}
      <Card>
        <CardHeader className="pb-2">
          <CardTitle as="h2" className="text-lg">
            {t("form.start")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <PlaceInput label={t("form.startPoint")} hideLabel value={draft.start} onChange={(start) => edit({ start })} error={errors.start}>
            <SavedLocationPicker locations={savedLocations} label={t("form.startFromSaved")} onPick={(l) => edit({ start: placeFromLocation(l) })} />
            <Button variant="outline" size="icon" aria-label={t("form.useMyLocation")} title={t("form.useMyLocation")} onClick={myLocation.locate} disabled={myLocation.locating}>
              {myLocation.locating ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Crosshair aria-hidden="true" />}
            </Button>
          </PlaceInput>
          {defaultStart && draft.start.text !== defaultStart.address ? (
            <Button variant="link" size="sm" className="h-auto px-0 pt-2" onClick={() => edit({ start: placeFromLocation(defaultStart) })}>
              {t("form.useDefaultStart", { name: defaultStart.name })}
            </Button>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-2">
          <CardTitle as="h2" className="text-lg">
            {t("form.destinations")}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {errors.stops ? <p className="text-sm font-medium text-destructive">{errors.stops}</p> : null}
          <ol className="grid gap-2" aria-label={t("form.destinations")}>
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
              {t("form.addDestination")}
            </Button>
            <PasteListDialog onAdd={(lines) => addStops(lines.map((text) => emptyStop({ text })))} />
            <ImportDialog onAdd={addStops} near={startCoords} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="pb-2">
          <CardTitle as="h2" className="text-lg">
            {t("form.finishAndVehicle")}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RadioGroup value={draft.endMode} onValueChange={(v) => edit({ endMode: v as EndMode })} aria-label={t("form.whereEnds")}>
            {endModes.map((mode) => (
              <div key={mode.value} className="flex items-center gap-2">
                <RadioGroupItem value={mode.value} id={`end-${mode.value}`} />
                <Label htmlFor={`end-${mode.value}`} className="font-normal">
                  {t(mode.label)}
                </Label>
              </div>
            ))}
          </RadioGroup>
          {draft.endMode === "place" ? (
            <PlaceInput label={t("form.endPoint")} value={draft.end} onChange={(end) => edit({ end })} error={errors.end} near={startCoords}>
              <SavedLocationPicker locations={savedLocations} label={t("form.endAtSaved")} onPick={(l) => edit({ end: placeFromLocation(l) })} />
            </PlaceInput>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="planner-profile">{t("form.vehicle")}</Label>
              <Select value={draft.profile} onValueChange={(v) => edit({ profile: v as RouteProfile })}>
                <SelectTrigger id="planner-profile">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {routeProfiles.map((p) => (
                    <SelectItem key={p} value={p}>
                      {t(profileKeys[p])}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="planner-departure">{t("form.departure")}</Label>
              <Input id="planner-departure" type="time" value={draft.departureTime} onChange={(e) => edit({ departureTime: e.target.value || "09:00" })} />
            </div>
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor="planner-end-of-day">{t("form.endOfDay")}</Label>
              <Input
                id="planner-end-of-day"
                type="time"
                className="sm:w-40"
                value={draft.endOfDay}
                onChange={(e) => edit({ endOfDay: e.target.value })}
                aria-describedby="planner-end-of-day-hint"
                aria-invalid={errors.endOfDay ? true : undefined}
              />
              <p id="planner-end-of-day-hint" className="text-xs text-muted-foreground">
                {t("form.endOfDayHint")}
              </p>
              {errors.endOfDay ? <p className="text-sm font-medium text-destructive">{errors.endOfDay}</p> : null}
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="planner-name">{t("form.routeName")}</Label>
            <Input id="planner-name" maxLength={120} value={draft.name} onChange={(e) => edit({ name: e.target.value })} placeholder={t("form.routeNamePlaceholder")} />
            {errors.name ? <p className="text-sm font-medium text-destructive">{errors.name}</p> : null}
          </div>
        </CardContent>
      </Card>

      {refusal ? <RefusalMessage message={refusal} quota={quota} onDismiss={() => onDismissRefusal?.()} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={submitting || atLimit} aria-describedby={atLimit ? QUOTA_REASON_ID : undefined}>
          {submitting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RouteIcon aria-hidden="true" />}
          {submitting ? t("form.optimising") : t("form.optimise")}
        </Button>
        {onBack ? (
          <Button variant="ghost" onClick={onBack}>
            {t("form.backToRoute")}
          </Button>
        ) : null}
        {quota ? <QuotaReason quota={quota} /> : null}
      </div>
    </form>
  );
}
