import { useState } from "react";
import { Loader2, Plus } from "lucide-react";
import { messages, stopInputSchema, type StopInput } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PlaceInput } from "@/features/planner/components/place-input";
import { placeBody, type PlaceDraft } from "@/features/planner/lib/planner-form";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

type AddStopFormProps = {
  /** Bias suggestions towards the route's start. */
  near: { lat: number; lng: number };
  pending: boolean;
  /**
   * Sends the stop; `done` clears the field, `fail` shows the server's message for it,
   * `askToConfirm` shows why the place was flagged (far from the route) with "Add it anyway".
   */
  onAdd: (stop: StopInput, handlers: { done: () => void; fail: (message: string) => void; askToConfirm: (message: string) => void }) => void;
};

/** "Add stop" on a saved route: one destination, geocoded by the server, then the same route is re-planned. */
export function AddStopForm({ near, pending, onAdd }: AddStopFormProps) {
  const { t } = useTranslation("planner");
  const [place, setPlace] = useState<PlaceDraft>({ text: "" });
  const [error, setError] = useState<string | undefined>();
  const [flagged, setFlagged] = useState<string | null>(null);

  function submit(confirmed = false) {
    const parsed = stopInputSchema.safeParse(placeBody(place));
    if (!parsed.success) {
      setError(translateMessage(parsed.error.issues[0]?.message ?? messages.required));
      return;
    }
    setError(undefined);
    setFlagged(null);
    onAdd(confirmed ? { ...parsed.data, confirmed: true } : parsed.data, {
      done: () => setPlace({ text: "" }),
      fail: setError,
      askToConfirm: setFlagged,
    });
  }

  return (
    <form
      aria-label={t("addStop.label")}
      noValidate
      className="grid gap-2 print:hidden"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <PlaceInput
        label={t("addStop.newStop")}
        value={place}
        onChange={(next) => {
          setPlace(next);
          setFlagged(null);
        }}
        error={error}
        near={near}
      >
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {t("addStop.add")}
        </Button>
      </PlaceInput>
      {flagged ? (
        <Alert variant="warning">
          <AlertDescription className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1">{flagged}</span>
            <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => submit(true)}>
              {t("addStop.addAnyway")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <p className="text-xs text-muted-foreground">{t("addStop.hint")}</p>
    </form>
  );
}
