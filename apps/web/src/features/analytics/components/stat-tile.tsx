import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/**
 * One summary figure: a label, the value and an optional line under it (e.g. a trend). Used inside
 * a <dl>: the card is the one <div> HTML allows between the list and its dt/dd.
 */
export function StatTile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card className="grid gap-1 p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </Card>
  );
}
