import { useState } from "react";
import { Link } from "react-router";
import { weekdays, type Driver, type Vehicle } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { ErrorAlert, FleetTable } from "@/features/fleet/components/fleet-ui";
import { InlineError } from "@/components/errors/inline-error";
import { useServerFieldErrors } from "@/lib/use-server-field-errors";
import { useTranslation } from "@/lib/i18n";
import { useDrivers, useSaveDriver, type DriverDetails } from "@/features/fleet/api/drivers";
import { TagInput } from "@/features/fleet/components/tag-input";

const dayNames = { mon: "days.mon", tue: "days.tue", wed: "days.wed", thu: "days.thu", fri: "days.fri", sat: "days.sat", sun: "days.sun" } as const satisfies Record<(typeof weekdays)[number], string>;

function DriverDialog({ teamId, driver, vehicles, onClose }: { teamId: string; driver: Driver; vehicles: Vehicle[]; onClose: () => void }) {
  const { t } = useTranslation("fleet");
  const [form, setForm] = useState<DriverDetails>({
    phone: driver.phone ?? "",
    licenceNumber: driver.licenceNumber ?? "",
    defaultVehicleId: driver.defaultVehicleId ?? null,
    skills: driver.skills ?? [],
    workingDays: driver.workingDays ?? [],
  });
  const save = useSaveDriver();
  // The server's refusal at the field it names (marked and focused), else above Save (decision 018).
  const server = useServerFieldErrors(save.error);
  const fieldError = server.fieldError;
  const input = (): DriverDetails => ({
    ...(form.phone?.trim() ? { phone: form.phone.trim() } : {}),
    ...(form.licenceNumber?.trim() ? { licenceNumber: form.licenceNumber.trim() } : {}),
    defaultVehicleId: form.defaultVehicleId ?? null,
    skills: form.skills ?? [],
    workingDays: form.workingDays ?? [],
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("editNamed", { name: driver.name })}</DialogTitle>
          <DialogDescription>{t("drivers.encrypted")}</DialogDescription>
        </DialogHeader>
        <form
          ref={server.ref}
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ teamId, userId: driver.userId, input: input() }, { onSuccess: onClose });
          }}
        >
          <label className="grid gap-1 text-sm">
            <span>{t("drivers.phone")}</span>
            <Input name="phone" value={form.phone ?? ""} onChange={(e) => setForm({ ...form, phone: e.target.value })} />
            {fieldError("phone") ? <span className="text-destructive">{fieldError("phone")}</span> : null}
          </label>
          <label className="grid gap-1 text-sm">
            <span>{t("drivers.licenceNumber")}</span>
            <Input name="licenceNumber" value={form.licenceNumber ?? ""} onChange={(e) => setForm({ ...form, licenceNumber: e.target.value })} />
            {fieldError("licenceNumber") ? <span className="text-destructive">{fieldError("licenceNumber")}</span> : null}
          </label>
          <label className="grid gap-1 text-sm">
            <span>{t("drivers.defaultVehicle")}</span>
            <NativeSelect name="defaultVehicleId" className="w-full" value={form.defaultVehicleId ?? ""} onChange={(e) => setForm({ ...form, defaultVehicleId: e.target.value || null })}>
              <option value="">{t("drivers.none")}</option>
              {vehicles.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </NativeSelect>
            {fieldError("defaultVehicleId") ? <span className="text-destructive">{fieldError("defaultVehicleId")}</span> : null}
          </label>
          <div data-field="skills">
            <TagInput label={t("skills")} values={form.skills ?? []} onChange={(skills) => setForm({ ...form, skills })} error={fieldError("skills")} />
          </div>
          <fieldset className="flex flex-wrap gap-3" data-field="workingDays">
            <legend className="mb-1 text-sm font-medium">{t("drivers.workingDays")}</legend>
            {weekdays.map((d) => (
              <label key={d} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={(form.workingDays ?? []).includes(d)}
                  onChange={(e) => setForm({ ...form, workingDays: e.target.checked ? weekdays.filter((w) => w === d || (form.workingDays ?? []).includes(w)) : (form.workingDays ?? []).filter((w) => w !== d) })}
                />
                {t(dayNames[d])}
              </label>
            ))}
            {fieldError("workingDays") ? <span className="w-full text-sm text-destructive">{fieldError("workingDays")}</span> : null}
          </fieldset>
          <InlineError error={server.formError} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {t("drivers.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The team's drivers (members with the role driver) with their fleet details. */
export function DriversView({ teamId, vehicles }: { teamId: string; vehicles: Vehicle[] }) {
  const { t } = useTranslation("fleet");
  const drivers = useDrivers(teamId);
  const [editing, setEditing] = useState<Driver | null>(null);
  const vehicleName = (id: string | null | undefined) => vehicles.find((v) => v.id === id)?.name ?? "—";
  return (
    <section aria-labelledby="drivers-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="drivers-title" className="text-lg font-semibold">
          {t("drivers.title")}
        </h2>
        <Button asChild variant="outline">
          <Link to={`/team-dashboard?team=${encodeURIComponent(teamId)}`}>{t("drivers.invite")}</Link>
        </Button>
      </div>
      {drivers.isPending ? <Spinner /> : null}
      <ErrorAlert errors={[drivers.error]} />
      {drivers.data && drivers.data.length === 0 ? <p className="text-sm text-muted-foreground">{t("drivers.empty")}</p> : null}
      {drivers.data && drivers.data.length > 0 ? (
        <FleetTable headers={[t("drivers.driver"), t("drivers.phone"), t("drivers.licence"), t("drivers.defaultVehicle"), t("skills"), t("drivers.workingDays")]} actions={t("actions")}>
              {drivers.data.map((d) => (
                <tr key={d.userId} className="border-t">
                  <td className="p-2">
                    <strong>{d.name}</strong>
                    <span className="block text-xs text-muted-foreground">{d.email}</span>
                  </td>
                  <td className="p-2">{d.phone || "—"}</td>
                  <td className="p-2">{d.licenceNumber || "—"}</td>
                  <td className="p-2">{vehicleName(d.defaultVehicleId)}</td>
                  <td className="p-2">{(d.skills ?? []).join(", ") || "—"}</td>
                  <td className="p-2">{(d.workingDays ?? []).map((w) => t(dayNames[w])).join(", ") || "—"}</td>
                  <td className="p-2">
                    <Button type="button" size="sm" variant="outline" onClick={() => setEditing(d)} aria-label={t("editNamed", { name: d.name })}>
                      {t("edit")}
                    </Button>
                  </td>
                </tr>
              ))}
            </FleetTable>
      ) : null}
      {editing ? <DriverDialog teamId={teamId} driver={editing} vehicles={vehicles} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
