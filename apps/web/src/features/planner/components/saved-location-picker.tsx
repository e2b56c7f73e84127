import { Home } from "lucide-react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { PlannerLocation } from "@/features/planner/hooks/use-planner-form";
import { useTranslation } from "@/lib/i18n";

/** A compact "Saved" menu beside a place field; renders nothing without saved locations. */
export function SavedLocationPicker({ locations, onPick, label }: { locations: PlannerLocation[]; onPick: (l: PlannerLocation) => void; label: string }) {
  const { t } = useTranslation("planner");
  if (locations.length === 0) return null;
  return (
    <Select
      value=""
      onValueChange={(id) => {
        const l = locations.find((x) => x.id === id);
        if (l) onPick(l);
      }}
    >
      <SelectTrigger className="w-auto shrink-0" aria-label={label}>
        <Home className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">
          <SelectValue placeholder={t("form.saved")} />
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
