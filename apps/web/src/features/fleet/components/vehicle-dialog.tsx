import { useState, type ReactNode } from "react";
import { MAX_RELOAD_MINUTES, MAX_VEHICLE_TRIPS, vehicleInputSchema, vehicleProfiles, type Vehicle, type VehicleInput } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { InlineError } from "@/components/errors/inline-error";
import { errorMessage } from "@/lib/api-client";
import type { TFunction } from "i18next";
import { useTranslation } from "@/lib/i18n";
import { controlsNamedBy, useServerFieldErrors } from "@/lib/use-server-field-errors";
import { findPlaces } from "@/features/fleet/api/find-places";
import { useSaveVehicle } from "@/features/fleet/api/vehicles";
import { DepotField, noPlaceFound, type DepotValue } from "@/features/fleet/components/depot-field";
import { TagInput } from "@/features/fleet/components/tag-input";
import { samePlace } from "@/features/fleet/lib/depots";

/**
 * Where the route ends — one control for what were two (an "Open route" box and an end depot that
 * meant the same when left empty, issue 25). All map to the contract's `end`: the start depot's
 * point, another point, or null (the route ends at its last stop).
 */
export type EndsAt = "start" | "other" | "open";

const endsAtChoices = [
  { value: "start", label: "vehicle.endsAtStart" },
  { value: "other", label: "vehicle.endsAtOther" },
  { value: "open", label: "vehicle.endsAtOpen" },
] as const satisfies { value: EndsAt; label: string }[];

/** A vehicle's routing profile in the reader's words. */
export const PROFILE_KEY = { car: "profile.car", van: "profile.van", truck: "profile.truck", bicycle: "profile.bicycle" } as const satisfies Record<(typeof vehicleProfiles)[number], string>;

/** The form's state: text as typed, turned into a VehicleInput on save. */
type VehicleForm = {
  name: string;
  plate: string;
  profile: (typeof vehicleProfiles)[number];
  capacity: string[];
  skills: string[];
  shiftStart: string;
  shiftEnd: string;
  start: DepotValue;
  end: DepotValue;
  endsAt: EndsAt;
  maxStops: string;
  maxDrivingMinutes: string;
  maxDistanceKm: string;
  breaks: { start: string; end: string; minutes: string }[];
  /** Multi-trip (issue 26): trips per shift ("1" = no reload) and minutes at the depot per reload. */
  maxTrips: string;
  reloadMinutes: string;
  fixedCost: string;
  costPerHour: string;
  vin: string;
  insurancePolicy: string;
};

const noDepot: DepotValue = { lat: "", lng: "", address: "" };
const depotOf = (p: Vehicle["start"]): DepotValue => (p ? { lat: String(p.lat), lng: String(p.lng), address: p.address ?? "" } : noDepot);
const text = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** How a stored vehicle's end reads in the form: none is an open route, the start's place is "back at the start". New vehicles return to their start depot. */
function endsAtOf(vehicle: Vehicle | undefined): EndsAt {
  if (!vehicle) return "start";
  if (vehicle.end === null) return "open";
  return samePlace(vehicle.start, vehicle.end) ? "start" : "other";
}

function formOf(vehicle: Vehicle | undefined, dimensions: number): VehicleForm {
  return {
    name: vehicle?.name ?? "",
    plate: vehicle?.plate ?? "",
    profile: vehicle?.profile ?? "van",
    capacity: Array.from({ length: dimensions }, (_, i) => text(vehicle?.capacity?.[i])),
    skills: vehicle?.skills ?? [],
    shiftStart: vehicle?.shift.start ?? "08:00",
    shiftEnd: vehicle?.shift.end ?? "17:00",
    start: depotOf(vehicle?.start ?? null),
    end: endsAtOf(vehicle) === "other" ? depotOf(vehicle?.end ?? null) : noDepot,
    endsAt: endsAtOf(vehicle),
    maxStops: text(vehicle?.maxStops),
    maxDrivingMinutes: text(vehicle?.maxDrivingMinutes),
    maxDistanceKm: text(vehicle?.maxDistanceKm),
    breaks: (vehicle?.breaks ?? []).map((b) => ({ start: b.window.start, end: b.window.end, minutes: String(b.durationMinutes) })),
    maxTrips: String(vehicle?.maxTrips ?? 1),
    reloadMinutes: String(vehicle?.reloadMinutes ?? 0),
    fixedCost: vehicle ? (vehicle.fixedCostPence / 100).toFixed(2) : "0",
    costPerHour: vehicle ? (vehicle.costPerHourPence / 100).toFixed(2) : "0",
    vin: vehicle?.vin ?? "",
    insurancePolicy: vehicle?.insurancePolicy ?? "",
  };
}

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value));
/** Trips as typed: an empty field is one trip (no reload). */
const tripsOf = (form: Pick<VehicleForm, "maxTrips">) => (form.maxTrips.trim() === "" ? 1 : Number(form.maxTrips));
const point = (d: DepotValue) => (d.lat.trim() === "" && d.lng.trim() === "" ? null : { lat: Number(d.lat), lng: Number(d.lng), ...(d.address.trim() ? { address: d.address.trim() } : {}) });

function inputOf(form: VehicleForm): VehicleInput {
  return {
    name: form.name,
    plate: form.plate.trim(),
    profile: form.profile,
    capacity: form.capacity.map((c) => (c.trim() === "" ? 0 : Number(c))),
    skills: form.skills,
    shift: { start: form.shiftStart, end: form.shiftEnd },
    start: point(form.start),
    end: form.endsAt === "open" ? null : point(form.endsAt === "start" ? form.start : form.end),
    maxStops: numberOrNull(form.maxStops),
    maxDrivingMinutes: numberOrNull(form.maxDrivingMinutes),
    maxDistanceKm: numberOrNull(form.maxDistanceKm),
    breaks: form.breaks.map((b) => ({ window: { start: b.start, end: b.end }, durationMinutes: Number(b.minutes) })),
    maxTrips: tripsOf(form),
    // The reload time is hidden (and means nothing) for one trip.
    reloadMinutes: tripsOf(form) > 1 ? Number(form.reloadMinutes.trim() || 0) : 0,
    fixedCostPence: Math.round(Number(form.fixedCost || 0) * 100),
    costPerHourPence: Math.round(Number(form.costPerHour || 0) * 100),
    // Always sent: an emptied field clears the stored (encrypted) value.
    vin: form.vin.trim(),
    insurancePolicy: form.insurancePolicy.trim(),
  };
}

/** "3 trips" for the label of the trips control; "N trips" while what is typed is not a number of trips. */
function tripsLabel(form: Pick<VehicleForm, "maxTrips">, t: TFunction<"fleet">): string {
  const n = tripsOf(form);
  return Number.isInteger(n) && n >= 1 && n <= MAX_VEHICLE_TRIPS ? t("vehicle.trips", { count: n }) : t("vehicle.nTrips");
}

/** A labelled control; `field` is the contract's key, so a server message for it marks and focuses the control (decision 018). */
function Field({ label, field, error, children, className }: { label: string; field: string; error?: string | undefined; children: ReactNode; className?: string }) {
  return (
    <div data-field={field} className={`grid gap-1 text-sm ${className ?? ""}`}>
      <label className="grid gap-1">
        <span>{label}</span>
        {children}
      </label>
      {error ? <span className="text-sm font-medium text-destructive">{error}</span> : null}
    </div>
  );
}

type VehicleDialogProps = {
  teamId: string;
  /** The vehicle to edit; a new one when absent. */
  vehicle?: Vehicle | undefined;
  dimensions: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Create or edit a vehicle: every field of the contract; the contract's own checks run first and
 * the server's field messages are shown next to their fields.
 */
export function VehicleDialog({ teamId, vehicle, dimensions, open, onOpenChange }: VehicleDialogProps) {
  const { t } = useTranslation("fleet");
  const [form, setForm] = useState(() => formOf(vehicle, Math.max(dimensions.length, 1)));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useSaveVehicle();
  // The server's refusal: at the field it names (marked and focused), else above the buttons (decision 018).
  const server = useServerFieldErrors(save.error);
  const errors: Record<string, string> = { ...server.fields, ...localErrors };
  const set = <K extends keyof VehicleForm>(key: K, value: VehicleForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const errorAt = (prefix: string) => Object.entries(errors).find(([k]) => k === prefix || k.startsWith(`${prefix}.`))?.[1];

  const [locating, setLocating] = useState(false);

  /** A depot with an address typed but never found gets the best match's coordinates (its address kept as typed). */
  async function locateTyped(current: VehicleForm): Promise<{ form: VehicleForm; errors: Record<string, string> }> {
    let next = current;
    const failed: Record<string, string> = {};
    const keys = current.endsAt === "other" ? (["start", "end"] as const) : (["start"] as const);
    for (const key of keys) {
      const depot = current[key];
      if (depot.address.trim().length < 2 || depot.lat.trim() !== "" || depot.lng.trim() !== "") continue;
      try {
        const [best] = await findPlaces(depot.address);
        if (best) next = { ...next, [key]: { ...depot, lat: String(best.lat), lng: String(best.lng) } };
        else failed[key] = t(noPlaceFound);
      } catch (e) {
        failed[key] = errorMessage(e);
      }
    }
    return { form: next, errors: failed };
  }

  async function submit() {
    setLocating(true);
    const located = await locateTyped(form).finally(() => setLocating(false));
    if (located.form !== form) setForm(located.form);
    const fields: Record<string, string> = { ...located.errors };
    if (located.form.endsAt === "start" && point(located.form.start) === null) fields.endsAt = t("vehicle.noStart");
    if (located.form.endsAt === "other" && point(located.form.end) === null) fields.end ??= t("vehicle.noEnd");
    if (tripsOf(located.form) > 1 && point(located.form.start) === null) fields.start ??= t("vehicle.reloadNeedsDepot");
    const input = inputOf(located.form);
    const parsed = vehicleInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // Ending at the start depot sends the start's point as `end` too: its problems are shown once, at the start.
        if (located.form.endsAt === "start" && issue.path[0] === "end") continue;
        fields[issue.path.map(String).join(".") || "body"] ??= issue.message;
      }
    }
    if (Object.keys(fields).length > 0) {
      setLocalErrors(fields);
      // The first refused field is focused and brought into view, as the server's are (decision 018):
      // on a phone the form is scrolled to its buttons, far from the depot fields.
      requestAnimationFrame(() => {
        const first = server.ref.current ? controlsNamedBy(server.ref.current, fields).controls[0] : undefined;
        first?.focus();
        first?.scrollIntoView({ block: "center" });
      });
      return;
    }
    setLocalErrors({});
    save.mutate({ teamId, vehicleId: vehicle?.id, input }, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{vehicle ? t("editNamed", { name: vehicle.name }) : t("vehicle.addTitle")}</DialogTitle>
          <DialogDescription>{t("vehicle.description")}</DialogDescription>
        </DialogHeader>
        <form
          ref={server.ref}
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label={t("vehicles.name")} field="name" error={errors.name}>
              <Input value={form.name} onChange={(e) => set("name", e.target.value)} aria-invalid={errors.name ? true : undefined} />
            </Field>
            <Field label={t("vehicle.plate")} field="plate" error={errors.plate}>
              <Input value={form.plate} onChange={(e) => set("plate", e.target.value)} />
            </Field>
            <Field label={t("vehicles.profile")} field="profile" error={errors.profile}>
              <NativeSelect className="w-full" value={form.profile} onChange={(e) => set("profile", e.target.value as VehicleForm["profile"])}>
                {vehicleProfiles.map((p) => (
                  <option key={p} value={p}>
                    {t(PROFILE_KEY[p])}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {form.capacity.map((value, i) => (
              <Field key={i} label={t("vehicle.capacityOf", { dimension: dimensions[i] ?? t("vehicle.units") })} field={i === 0 ? "capacity" : `capacity.${i}`} error={errors[`capacity.${i}`] ?? (i === 0 ? errors.capacity : undefined)}>
                <Input type="number" min={0} value={value} onChange={(e) => set("capacity", form.capacity.map((c, j) => (j === i ? e.target.value : c)))} />
              </Field>
            ))}
            <Field label={t("vehicle.shiftStarts")} field="shift.start" error={errors["shift.start"]}>
              <Input type="time" value={form.shiftStart} onChange={(e) => set("shiftStart", e.target.value)} />
            </Field>
            <Field label={t("vehicle.shiftEnds")} field="shift.end" error={errors["shift.end"] ?? errors.shift}>
              <Input type="time" value={form.shiftEnd} onChange={(e) => set("shiftEnd", e.target.value)} />
            </Field>
          </div>
          <div data-field="skills">
            <TagInput label={t("skills")} values={form.skills} onChange={(skills) => set("skills", skills)} error={errorAt("skills")} />
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div data-field="start">
              <DepotField legend={t("vehicle.startDepot")} value={form.start} onChange={(v) => set("start", v)} error={errorAt("start")} emptyMeans={t("vehicle.startEmpty")} />
            </div>
            <div data-field="end" className="grid content-start gap-2">
              <span id="vehicle-ends-at" className="text-sm font-medium">
                {t("vehicle.endsAt")}
              </span>
              <RadioGroup aria-labelledby="vehicle-ends-at" value={form.endsAt} onValueChange={(v) => set("endsAt", v as EndsAt)}>
                {endsAtChoices.map((choice) => (
                  <div key={choice.value} className="flex items-center gap-2">
                    <RadioGroupItem value={choice.value} id={`vehicle-ends-at-${choice.value}`} />
                    <Label htmlFor={`vehicle-ends-at-${choice.value}`} className="font-normal">
                      {t(choice.label)}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
              {errors.endsAt ? <p className="text-sm font-medium text-destructive">{errors.endsAt}</p> : null}
              {form.endsAt === "other" ? <DepotField legend={t("vehicle.endDepot")} value={form.end} onChange={(v) => set("end", v)} error={errorAt("end")} /> : null}
              {form.endsAt === "start" && errorAt("end") ? <p className="text-sm font-medium text-destructive">{errorAt("end")}</p> : null}
            </div>
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label={t("vehicle.maxStops")} field="maxStops" error={errors.maxStops}>
              <Input type="number" min={1} value={form.maxStops} onChange={(e) => set("maxStops", e.target.value)} />
            </Field>
            <Field label={t("vehicle.maxDriving")} field="maxDrivingMinutes" error={errors.maxDrivingMinutes}>
              <Input type="number" min={1} value={form.maxDrivingMinutes} onChange={(e) => set("maxDrivingMinutes", e.target.value)} />
            </Field>
            <Field label={t("vehicle.maxDistance")} field="maxDistanceKm" error={errors.maxDistanceKm}>
              <Input type="number" min={1} value={form.maxDistanceKm} onChange={(e) => set("maxDistanceKm", e.target.value)} />
            </Field>
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label={t("vehicle.reloads", { trips: tripsLabel(form, t) })} field="maxTrips" error={errors.maxTrips}>
              <Input
                type="number"
                min={1}
                max={MAX_VEHICLE_TRIPS}
                step={1}
                value={form.maxTrips}
                onChange={(e) => set("maxTrips", e.target.value)}
                aria-describedby="vehicle-trips-hint"
                aria-invalid={errors.maxTrips ? true : undefined}
              />
            </Field>
            {tripsOf(form) > 1 ? (
              <Field label={t("vehicle.reloadTime")} field="reloadMinutes" error={errors.reloadMinutes}>
                <Input type="number" min={0} max={MAX_RELOAD_MINUTES} step={1} value={form.reloadMinutes} onChange={(e) => set("reloadMinutes", e.target.value)} aria-invalid={errors.reloadMinutes ? true : undefined} />
              </Field>
            ) : null}
            <p id="vehicle-trips-hint" className="text-sm text-muted-foreground sm:col-span-3">
              {t("vehicle.tripsHint")}
            </p>
          </div>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t("vehicle.breaks")}</legend>
            {form.breaks.map((b, i) => {
              const update = (patch: Partial<typeof b>) => set("breaks", form.breaks.map((x, j) => (j === i ? { ...x, ...patch } : x)));
              return (
                <div key={i} className="flex flex-wrap items-end gap-2">
                  <Field label={t("vehicle.breakFrom", { number: i + 1 })} field={`breaks.${i}.window.start`} error={errors[`breaks.${i}.window.start`]}>
                    <Input type="time" value={b.start} onChange={(e) => update({ start: e.target.value })} />
                  </Field>
                  <Field label={t("vehicle.breakUntil", { number: i + 1 })} field={`breaks.${i}.window.end`} error={errors[`breaks.${i}.window.end`]}>
                    <Input type="time" value={b.end} onChange={(e) => update({ end: e.target.value })} />
                  </Field>
                  <Field label={t("vehicle.breakMinutes", { number: i + 1 })} field={`breaks.${i}.durationMinutes`} error={errors[`breaks.${i}.durationMinutes`]}>
                    <Input type="number" min={1} value={b.minutes} onChange={(e) => update({ minutes: e.target.value })} />
                  </Field>
                  <Button type="button" variant="ghost" onClick={() => set("breaks", form.breaks.filter((_, j) => j !== i))}>
                    {t("vehicle.removeBreak", { number: i + 1 })}
                  </Button>
                </div>
              );
            })}
            {form.breaks.length < 4 ? (
              <div>
                <Button type="button" variant="outline" size="sm" onClick={() => set("breaks", [...form.breaks, { start: "12:00", end: "14:00", minutes: "30" }])}>
                  {t("vehicle.addBreak")}
                </Button>
              </div>
            ) : null}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t("vehicle.fixedCost")} field="fixedCostPence" error={errors.fixedCostPence}>
              <Input type="number" min={0} step="0.01" value={form.fixedCost} onChange={(e) => set("fixedCost", e.target.value)} />
            </Field>
            <Field label={t("vehicle.costPerHour")} field="costPerHourPence" error={errors.costPerHourPence}>
              <Input type="number" min={0} step="0.01" value={form.costPerHour} onChange={(e) => set("costPerHour", e.target.value)} />
            </Field>
            <Field label={t("vehicle.vin")} field="vin" error={errors.vin}>
              <Input value={form.vin} maxLength={17} onChange={(e) => set("vin", e.target.value)} />
            </Field>
            <Field label={t("vehicle.insurance")} field="insurancePolicy" error={errors.insurancePolicy}>
              <Input value={form.insurancePolicy} onChange={(e) => set("insurancePolicy", e.target.value)} />
            </Field>
          </div>
          <InlineError error={server.formError} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending || locating}>
              {vehicle ? t("vehicle.save") : t("vehicles.add")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
