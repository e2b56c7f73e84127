import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { RouteDetail, SavedLocation } from "@routepilot/contracts";
import {
  draftFromRoute,
  emptyDraft,
  validateDraft,
  type FieldErrors,
  type PlaceDraft,
  type PlannerDraft,
  type StopDraft,
} from "@/features/planner/lib/planner-form";
import { useTranslation } from "@/lib/i18n";

/** A saved location as the planner needs it (preferences embed the defaults by value). */
export type PlannerLocation = Pick<SavedLocation, "id" | "name" | "address" | "lat" | "lng">;

/** A saved location as a place in the form (with its coordinates when it has them). */
export function placeFromLocation(location: PlannerLocation): PlaceDraft {
  return location.lat !== null && location.lng !== null ? { text: location.address, lat: location.lat, lng: location.lng } : { text: location.address };
}

type Defaults = { defaultStart?: PlannerLocation | null | undefined; defaultEnd?: PlannerLocation | null | undefined };

function withDefaults(draft: PlannerDraft, { defaultStart, defaultEnd }: Defaults): PlannerDraft {
  return {
    ...draft,
    start: defaultStart ? placeFromLocation(defaultStart) : draft.start,
    ...(defaultEnd ? { endMode: "place" as const, end: placeFromLocation(defaultEnd) } : {}),
  };
}

const defaultsKey = ({ defaultStart, defaultEnd }: Defaults) => `${defaultStart?.id ?? ""}|${defaultEnd?.id ?? ""}`;

/**
 * The planner form: the draft, whether the user has edited it, and its field errors.
 * The preferred default start and end fill a new form; when they arrive later (preferences
 * still loading) they fill it as long as the user has not typed anything. `fillDefaults` is
 * false while a stored route is shown, whose own places win.
 */
export function usePlannerForm({ fillDefaults, defaultStart, defaultEnd }: Defaults & { fillDefaults: boolean }) {
  const [draft, setDraft] = useState<PlannerDraft>(() => (fillDefaults ? withDefaults(emptyDraft(), { defaultStart, defaultEnd }) : emptyDraft()));
  const { t } = useTranslation("planner");
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The defaults last written into the form, so that each set is applied once.
  const appliedKey = useRef(fillDefaults ? defaultsKey({ defaultStart, defaultEnd }) : defaultsKey({}));

  useEffect(() => {
    const key = defaultsKey({ defaultStart, defaultEnd });
    if (!fillDefaults || touched || appliedKey.current === key) return;
    appliedKey.current = key;
    setDraft((d) => withDefaults(d, { defaultStart, defaultEnd }));
  }, [defaultStart, defaultEnd, fillDefaults, touched]);

  const edit = useCallback((patch: Partial<PlannerDraft>) => {
    setTouched(true);
    setDraft((d) => ({ ...d, ...patch }));
  }, []);

  const editStop = useCallback((index: number, patch: Partial<StopDraft>) => {
    setTouched(true);
    setDraft((d) => ({ ...d, stops: d.stops.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));
  }, []);

  /** Appends pasted or imported stops, replacing the blank rows the form offers. */
  const addStops = useCallback((stops: StopDraft[]) => {
    setTouched(true);
    setDraft((d) => {
      const kept = d.stops.filter((s) => s.place.text.trim() !== "" || s.place.lat !== undefined);
      return { ...d, stops: [...kept, ...stops] };
    });
    toast.success(t("toast.addedDestinations", { count: stops.length }));
  }, [t]);

  /** A fresh form with the user's defaults ("New route"). */
  const reset = useCallback(() => {
    appliedKey.current = defaultsKey({ defaultStart, defaultEnd });
    setDraft(withDefaults(emptyDraft(), { defaultStart, defaultEnd }));
    setTouched(false);
    setErrors({});
  }, [defaultStart, defaultEnd]);

  /** Shows a stored route in the form, unless the user is mid-edit. */
  const loadRoute = useCallback(
    (route: RouteDetail) => {
      if (!touched) setDraft(draftFromRoute(route));
    },
    [touched],
  );

  /** The draft was sent and stored: it is no longer an unsaved edit. */
  const markSaved = useCallback(() => {
    setErrors({});
    setTouched(false);
  }, []);

  /** Validates the draft, shows its field errors, and returns the request (null when invalid) and each body stop's row. */
  const validate = useCallback(() => {
    const result = validateDraft(draft);
    setErrors(result.errors);
    return result;
  }, [draft]);

  const startCoords = draft.start.lat !== undefined && draft.start.lng !== undefined ? { lat: draft.start.lat, lng: draft.start.lng } : undefined;

  return { draft, errors, setErrors, touched, startCoords, edit, editStop, addStops, reset, loadRoute, markSaved, validate };
}

export type PlannerForm = ReturnType<typeof usePlannerForm>;
