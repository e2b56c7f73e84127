import { useState } from "react";
import { Plus } from "lucide-react";
import type { Vehicle } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useArchiveVehicle, useVehicles } from "@/features/fleet/api/vehicles";
import { VehicleDialog } from "@/features/fleet/components/vehicle-dialog";

const depot = (p: Vehicle["start"]) => (p ? (p.address ?? `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`) : null);

/** The team's vehicles: a table with add, edit and archive. */
export function VehiclesView({ teamId, dimensions }: { teamId: string; dimensions: readonly string[] }) {
  const vehicles = useVehicles(teamId);
  const archive = useArchiveVehicle();
  // undefined: closed; null: a new vehicle; else the vehicle edited.
  const [editing, setEditing] = useState<Vehicle | null | undefined>(undefined);

  return (
    <section aria-labelledby="vehicles-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="vehicles-title" className="text-lg font-semibold">
          Vehicles
        </h2>
        <Button type="button" onClick={() => setEditing(null)}>
          <Plus aria-hidden="true" /> Add vehicle
        </Button>
      </div>
      {vehicles.isPending ? <Spinner /> : null}
      {vehicles.error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(vehicles.error)}</AlertDescription>
        </Alert>
      ) : null}
      {archive.error ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(archive.error)}</AlertDescription>
        </Alert>
      ) : null}
      {vehicles.data && vehicles.data.length === 0 ? <p className="text-sm text-muted-foreground">No vehicles yet. Add the vans, trucks or bikes you plan with.</p> : null}
      {vehicles.data && vehicles.data.length > 0 ? (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <thead className="bg-muted text-left">
              <tr>
                <th className="p-2">Name</th>
                <th className="p-2">Profile</th>
                <th className="p-2">Capacity</th>
                <th className="p-2">Skills</th>
                <th className="p-2">Shift</th>
                <th className="p-2">Depots</th>
                <th className="p-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {vehicles.data.map((v) => (
                <tr key={v.id} className="border-t">
                  <td className="p-2">
                    <strong>{v.name}</strong>
                    {v.plate ? <span className="block text-xs text-muted-foreground">{v.plate}</span> : null}
                  </td>
                  <td className="p-2">{v.profile}</td>
                  <td className="p-2">{(v.capacity ?? []).map((c, i) => `${c} ${dimensions[i] ?? ""}`.trim()).join(", ") || "—"}</td>
                  <td className="p-2">{(v.skills ?? []).join(", ") || "—"}</td>
                  <td className="p-2">
                    {v.shift.start}–{v.shift.end}
                  </td>
                  <td className="p-2">
                    {depot(v.start) ?? "first stop"} → {v.end === null ? "open route" : depot(v.end)}
                  </td>
                  <td className="flex gap-1 p-2">
                    <Button type="button" size="sm" variant="outline" onClick={() => setEditing(v)} aria-label={`Edit ${v.name}`}>
                      Edit
                    </Button>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-label={`Archive ${v.name}`}
                      disabled={archive.isPending}
                      onClick={() => {
                        if (window.confirm(`Archive ${v.name}? It stays in past plans but is no longer offered for new ones.`)) archive.mutate({ teamId, vehicleId: v.id });
                      }}
                    >
                      Archive
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {editing !== undefined ? <VehicleDialog key={editing?.id ?? "new"} teamId={teamId} vehicle={editing ?? undefined} dimensions={dimensions} open onOpenChange={(open) => !open && setEditing(undefined)} /> : null}
    </section>
  );
}
