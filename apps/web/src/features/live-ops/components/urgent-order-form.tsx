import { useState, type FormEvent } from "react";
import { urgentOrderSchema, type GeocodeResponse, type LiveRoute } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";
import { searchPlaces, useUrgentOrder } from "@/features/live-ops/api/live-ops";
import { ActionError } from "@/features/live-ops/components/action-error";

const empty = { label: "", address: "", lat: "", lng: "", serviceMinutes: "5" };

const numberOrNaN = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));

/** An urgent order (address found with the planner's geocoder, or latitude and longitude), inserted by the server into the best active route. */
export function UrgentOrderForm({ teamId, date, routes }: { teamId: string; date: string; routes: LiveRoute[] }) {
  const { t } = useTranslation("live-ops");
  const urgent = useUrgentOrder(teamId);
  const [form, setForm] = useState(empty);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [places, setPlaces] = useState<GeocodeResponse["results"] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [placedOn, setPlacedOn] = useState<string | null>(null);
  const set = (key: keyof typeof empty, value: string) => setForm((f) => ({ ...f, [key]: value }));

  const find = async () => {
    setSearchError(null);
    setPlaces(null);
    try {
      const found = await searchPlaces(form.address.trim());
      setPlaces(found);
      if (found.length === 0) setSearchError(t("urgent.noPlace"));
    } catch (e) {
      setSearchError(errorMessage(e));
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPlacedOn(null);
    const parsed = urgentOrderSchema.safeParse({
      date,
      label: form.label,
      ...(form.address.trim() ? { address: form.address.trim() } : {}),
      lat: numberOrNaN(form.lat),
      lng: numberOrNaN(form.lng),
      serviceMinutes: numberOrNaN(form.serviceMinutes),
    });
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "form");
        errors[key] ??= key === "lat" || key === "lng" ? t("urgent.placeRequired") : key === "label" ? t("urgent.nameRequired") : key === "serviceMinutes" ? t("urgent.serviceRequired") : issue.message;
      }
      setFields(errors);
      return;
    }
    setFields({});
    urgent.mutate(parsed.data, {
      onSuccess: (routeId) => {
        const route = routes.find((r) => r.id === routeId);
        setPlacedOn(route ? `${route.name}${route.driver ? ` (${route.driver.name})` : ""}` : t("urgent.aRoute"));
        setForm(empty);
        setPlaces(null);
      },
    });
  };

  return (
    <form aria-labelledby="urgent-order-title" className="grid content-start gap-3 self-start rounded-lg border p-3" onSubmit={submit} noValidate>
      <h3 id="urgent-order-title" className="font-semibold">
        {t("urgent.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("urgent.description")}</p>
      <div className="grid gap-1">
        <Label htmlFor="urgent-label">{t("urgent.name")}</Label>
        <Input id="urgent-label" value={form.label} onChange={(e) => set("label", e.target.value)} aria-invalid={fields.label ? true : undefined} aria-describedby={fields.label ? "urgent-label-error" : undefined} />
        {fields.label ? (
          <p id="urgent-label-error" className="text-sm text-destructive">
            {fields.label}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1">
        <Label htmlFor="urgent-address">{t("urgent.address")}</Label>
        <div className="flex gap-2">
          <Input id="urgent-address" value={form.address} onChange={(e) => set("address", e.target.value)} />
          <Button type="button" variant="outline" disabled={form.address.trim().length < 2} onClick={() => void find()}>
            {t("urgent.find")}
          </Button>
        </div>
        {places && places.length > 0 ? (
          <ul className="grid gap-1 text-sm" aria-label={t("urgent.placesFound")}>
            {places.map((p) => (
              <li key={`${p.lat},${p.lng}`}>
                <button
                  type="button"
                  className="text-left underline-offset-2 hover:underline"
                  onClick={() => {
                    setForm((f) => ({ ...f, address: p.label, lat: String(p.lat), lng: String(p.lng) }));
                    setPlaces(null);
                  }}
                >
                  {p.label}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {searchError ? <p className="text-sm text-destructive">{searchError}</p> : null}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor="urgent-lat">{t("urgent.latitude")}</Label>
          <Input id="urgent-lat" inputMode="decimal" value={form.lat} onChange={(e) => set("lat", e.target.value)} aria-invalid={fields.lat ? true : undefined} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="urgent-lng">{t("urgent.longitude")}</Label>
          <Input id="urgent-lng" inputMode="decimal" value={form.lng} onChange={(e) => set("lng", e.target.value)} aria-invalid={fields.lng ? true : undefined} />
        </div>
      </div>
      {fields.lat || fields.lng ? <p className="text-sm text-destructive">{fields.lat ?? fields.lng}</p> : null}
      <div className="grid gap-1">
        <Label htmlFor="urgent-service">{t("urgent.service")}</Label>
        <Input id="urgent-service" inputMode="numeric" className="w-24" value={form.serviceMinutes} onChange={(e) => set("serviceMinutes", e.target.value)} aria-invalid={fields.serviceMinutes ? true : undefined} />
        {fields.serviceMinutes ? <p className="text-sm text-destructive">{fields.serviceMinutes}</p> : null}
      </div>
      <Button type="submit" className="justify-self-start" disabled={urgent.isPending}>
        {urgent.isPending ? t("urgent.inserting") : t("urgent.insert")}
      </Button>
      <ActionError error={urgent.error} />
      <p role="status" className="text-sm">
        {placedOn ? t("urgent.added", { route: placedOn }) : ""}
      </p>
    </form>
  );
}
