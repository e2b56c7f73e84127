import { useState } from "react";
import type { FleetSettings } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useSaveFleetSettings } from "@/features/fleet/api/fleet-settings";
import { TagInput } from "@/features/fleet/components/tag-input";

/** The team's capacity dimension names (1–3, e.g. kg, crates) and the time zone plans are in. */
export function FleetSettingsForm({ teamId, settings }: { teamId: string; settings: FleetSettings }) {
  const [dimensions, setDimensions] = useState(settings.capacityDimensions);
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [saved, setSaved] = useState(false);
  const save = useSaveFleetSettings();
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const dimensionError = Object.entries(fields).find(([k]) => k.startsWith("capacityDimensions"))?.[1];
  return (
    <form
      className="grid gap-3"
      aria-label="Fleet settings"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        save.mutate({ teamId, settings: { capacityDimensions: dimensions, timeZone } }, { onSuccess: () => setSaved(true) });
      }}
    >
      <TagInput label="Capacity dimensions (up to three, e.g. kg, crates, m³)" values={dimensions} onChange={setDimensions} error={dimensionError} />
      <label className="grid max-w-xs gap-1 text-sm">
        <span>Time zone of plans</span>
        <Input value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />
        {fields.timeZone ? <span className="text-destructive">{fields.timeZone}</span> : null}
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save settings
        </Button>
        {saved ? <span role="status" className="text-sm">Settings saved.</span> : null}
        {save.error && !dimensionError && !fields.timeZone ? <span className="text-sm text-destructive">{errorMessage(save.error)}</span> : null}
      </div>
    </form>
  );
}
