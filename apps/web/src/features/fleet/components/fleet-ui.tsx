import type { ReactNode } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";

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
