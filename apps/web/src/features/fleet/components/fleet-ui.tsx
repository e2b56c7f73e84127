import type { ReactNode } from "react";
import type { Vehicle } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";

/** The first of `errors` that is set, as a destructive alert (nothing when none is). */
export function ErrorAlert({ errors }: { errors: unknown[] }) {
  const error = errors.find((e) => e !== null && e !== undefined);
  if (error === undefined) return null;
  return (
    <Alert variant="destructive">
      <AlertDescription>{errorMessage(error)}</AlertDescription>
    </Alert>
  );
}

/** A bordered table with a muted header row; the last header is hidden (the row's actions) when `actions` names it. */
export function FleetTable({ headers, actions, className, children }: { headers: string[]; actions?: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("overflow-x-auto rounded-md border", className)}>
      <table className="w-full text-sm">
        <thead className="bg-muted text-left">
          <tr>
            {headers.map((h) => (
              <th key={h} className="p-2">
                {h}
              </th>
            ))}
            {actions ? (
              <th className="p-2">
                <span className="sr-only">{actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A tick box per vehicle (with its skills), as a fieldset named `legend`. */
export function VehicleChoice({ legend, vehicles, chosen, onChange, className }: { legend: string; vehicles: Pick<Vehicle, "id" | "name" | "skills">[]; chosen: ReadonlySet<string>; onChange: (chosen: Set<string>) => void; className?: string }) {
  const { t } = useTranslation("fleet");
  return (
    <fieldset className={cn("grid gap-1", className)}>
      <legend className="text-sm font-medium">{legend}</legend>
      {vehicles.length === 0 ? <p className="text-sm text-muted-foreground">{t("vehicles.addFirst")}</p> : null}
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        {vehicles.map((v) => (
          <label key={v.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.has(v.id)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(v.id);
                else next.delete(v.id);
                onChange(next);
              }}
            />
            {v.name}
            {v.skills && v.skills.length > 0 ? <span className="text-muted-foreground">({v.skills.join(", ")})</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
