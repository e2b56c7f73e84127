import { useState } from "react";
import { Loader2, Plus } from "lucide-react";
import { messages, stopInputSchema, type StopInput } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PlaceInput } from "@/features/planner/components/place-input";
import { placeBody, type PlaceDraft } from "@/features/planner/lib/planner-form";

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
  const [place, setPlace] = useState<PlaceDraft>({ text: "" });
  const [error, setError] = useState<string | undefined>();
  const [flagged, setFlagged] = useState<string | null>(null);

  function submit(confirmed = false) {
    const parsed = stopInputSchema.safeParse(placeBody(place));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.required);
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
      aria-label="Add a stop to this route"
      noValidate
      className="grid gap-2 print:hidden"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <PlaceInput
        label="New stop"
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
          Add stop
        </Button>
      </PlaceInput>
      {flagged ? (
        <Alert variant="warning">
          <AlertDescription className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 flex-1">{flagged}</span>
            <Button type="button" size="sm" variant="outline" disabled={pending} onClick={() => submit(true)}>
              Add it anyway
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <p className="text-xs text-muted-foreground">The route is re-planned with the new stop. Editing a saved route does not use a route of your monthly allowance.</p>
    </form>
  );
}
