import { useState } from "react";
import { Plus } from "lucide-react";
import type { Vehicle } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import type { TFunction } from "i18next";
import { useTranslation } from "@/lib/i18n";
import { ErrorAlert, FleetTable } from "@/features/fleet/components/fleet-ui";
import { useArchiveVehicle, useVehicles } from "@/features/fleet/api/vehicles";
import { VehicleDialog } from "@/features/fleet/components/vehicle-dialog";
import { depotLabel, samePlace } from "@/features/fleet/lib/depots";
import { PROFILE_KEY } from "@/features/fleet/components/vehicle-dialog";

/**
 * "Vaduz depot → back to the start": where a vehicle starts and ends, in the words of the vehicle
 * dialog's "Ends at". A depot without an address borrows the address of another vehicle's depot at
 * the same place (`all`), else shows rounded coordinates.
 */
function depotsText(v: Vehicle, all: readonly Vehicle[], t: TFunction<"fleet">): string {
  const named = all.flatMap((x) => [x.start, x.end]);
  const start = v.start ? depotLabel(v.start, named) : t("vehicles.firstStop");
  if (v.end === null) return t("vehicles.toOpen", { start });
  if (v.start && samePlace(v.start, v.end)) return t("vehicles.toStart", { start });
  return `${start} → ${depotLabel(v.end, named)}`;
}

/** The team's vehicles: a table with add, edit and archive. */
export function VehiclesView({ teamId, dimensions }: { teamId: string; dimensions: readonly string[] }) {
  const { t } = useTranslation("fleet");
  const vehicles = useVehicles(teamId);
  const archive = useArchiveVehicle();
  // undefined: closed; null: a new vehicle; else the vehicle edited.
  const [editing, setEditing] = useState<Vehicle | null | undefined>(undefined);

  return (
    <section aria-labelledby="vehicles-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="vehicles-title" className="text-lg font-semibold">
          {t("vehicles.title")}
        </h2>
        <Button type="button" onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" /> {t("vehicles.add")}
        </Button>
      </div>
      {vehicles.isPending ? <Spinner /> : null}
      <ErrorAlert errors={[vehicles.error]} />
      <ErrorAlert errors={[archive.error]} />
      {vehicles.data && vehicles.data.length === 0 ? <p className="text-sm text-muted-foreground">{t("vehicles.empty")}</p> : null}
      {vehicles.data && vehicles.data.length > 0 ? (
        <FleetTable headers={[t("vehicles.name"), t("vehicles.profile"), t("vehicles.capacity"), t("skills"), t("vehicles.shift"), t("vehicles.depots")]} actions={t("actions")}>
              {vehicles.data.map((v) => (
                <tr key={v.id} className="border-t">
                  <td className="p-2">
                    <strong>{v.name}</strong>
                    {v.plate ? <span className="block text-xs text-muted-foreground">{v.plate}</span> : null}
                  </td>
                  <td className="p-2">{t(PROFILE_KEY[v.profile])}</td>
                  <td className="p-2">{(v.capacity ?? []).map((c, i) => `${c} ${dimensions[i] ?? ""}`.trim()).join(", ") || "—"}</td>
                  <td className="p-2">{(v.skills ?? []).join(", ") || "—"}</td>
                  <td className="p-2">
                    {v.shift.start}–{v.shift.end}
                    {v.maxTrips > 1 ? (
                      <span className="block text-xs text-muted-foreground">
                        {t("vehicles.trips", { count: v.maxTrips })}
                        {v.reloadMinutes > 0 ? t("vehicles.reload", { minutes: v.reloadMinutes }) : ""}
                      </span>
                    ) : null}
                  </td>
                  <td className="p-2">
                    {depotsText(v, vehicles.data, t)}
                  </td>
                  <td className="flex gap-1 p-2">
                    <Button type="button" size="sm" variant="outline" onClick={() => setEditing(v)} aria-label={t("editNamed", { name: v.name })}>
                      {t("edit")}
                    </Button>
                    <ConfirmButton
                      trigger={
                        <Button type="button" size="sm" variant="ghost" aria-label={t("vehicles.archiveNamed", { name: v.name })} disabled={archive.isPending}>
                          {t("vehicles.archive")}
                        </Button>
                      }
                      title={t("vehicles.archiveTitle", { name: v.name })}
                      description={t("vehicles.archiveDescription")}
                      confirmLabel={t("vehicles.archiveConfirm")}
                      onConfirm={() => archive.mutateAsync({ teamId, vehicleId: v.id })}
                    />
                  </td>
                </tr>
              ))}
            </FleetTable>
      ) : null}
      {editing !== undefined ? <VehicleDialog key={editing?.id ?? "new"} teamId={teamId} vehicle={editing ?? undefined} dimensions={dimensions} open onOpenChange={(open) => !open && setEditing(undefined)} /> : null}
    </section>
  );
}
