import { useState } from "react";
import type { FleetSettings } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useTranslation } from "@/lib/i18n";
import { InlineError } from "@/components/errors/inline-error";
import { useServerFieldErrors } from "@/lib/use-server-field-errors";
import { useSaveFleetSettings } from "@/features/fleet/api/fleet-settings";
import { TagInput } from "@/features/fleet/components/tag-input";

/** The team's capacity dimension names (1–3, e.g. kg, crates) and the time zone plans are in. */
export function FleetSettingsForm({ teamId, settings }: { teamId: string; settings: FleetSettings }) {
  const { t } = useTranslation("fleet");
  const [dimensions, setDimensions] = useState(settings.capacityDimensions);
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [saved, setSaved] = useState(false);
  const save = useSaveFleetSettings();
  // The server's refusal at the field it names (marked and focused), else by Save (decision 018).
  const server = useServerFieldErrors(save.error);
  return (
    <form
      ref={server.ref}
      className="grid gap-3"
      aria-label={t("settings.label")}
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        save.mutate({ teamId, settings: { capacityDimensions: dimensions, timeZone } }, { onSuccess: () => setSaved(true) });
      }}
    >
      <div data-field="capacityDimensions">
        <TagInput label={t("settings.dimensions")} values={dimensions} onChange={setDimensions} error={server.fieldError("capacityDimensions")} />
      </div>
      <label className="grid max-w-xs gap-1 text-sm">
        <span>{t("settings.timeZone")}</span>
        <Input name="timeZone" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />
        {server.fieldError("timeZone") ? <span className="text-destructive">{server.fieldError("timeZone")}</span> : null}
      </label>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {t("settings.save")}
        </Button>
        {saved ? <span role="status" className="text-sm">{t("settings.saved")}</span> : null}
        <InlineError error={server.formError} />
      </div>
    </form>
  );
}
