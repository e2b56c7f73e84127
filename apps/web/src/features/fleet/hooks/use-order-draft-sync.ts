import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { draftDateSchema } from "@routepilot/contracts";
import { errorMessage } from "@/lib/api-client";
import { i18n } from "@/lib/i18n";
import { geocodeOrders } from "@/features/fleet/api/geocode-orders";
import { sendOrderDraftOnLeave, useOrderDraft, useSaveOrderDraft } from "@/features/fleet/api/order-drafts";
import { mergeDrafts } from "@/features/fleet/lib/draft-ids";
import { needsGeocoding, type DraftOrder } from "@/features/fleet/lib/order-import";

/** How long after the last change the rows are saved. */
export const DRAFT_SAVE_DELAY_MS = 800;

/** What the planner shows beside its orders: nothing, loading, the outcome of the saves, or a failure with a retry. */
export type DraftSyncStatus =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "saving" }
  | { state: "saved" }
  | { state: "loadFailed"; error: unknown; retry: () => void }
  | { state: "saveFailed"; error: unknown; retry: () => void };

type Save = { teamId: string; date: string; orders: DraftOrder[] };
const NONE: DraftOrder[] = [];
const isDay = (date: string) => draftDateSchema.safeParse(date).success;
/** The problem a row gets when its address could not be looked up after a reload (fixed like an address not found). */
export const lookupFailed = (message: string) => i18n.t("fleet:import.lookupFailed", { message });
const samePlaces = (a: DraftOrder, b: DraftOrder) => a.order.address === b.order.address && a.order.pickup?.address === b.order.pickup?.address;

/**
 * Keeps the planner's rows (`drafts`) on the server, per team and day (issue 25): when the day
 * changes, what waits for the previous day is sent, the rows are emptied and the new day's saved
 * rows are loaded once (rows typed meanwhile are kept after them, never replaced); every later
 * change is saved DRAFT_SAVE_DELAY_MS after the last one, saves in order; leaving the page
 * (pagehide, unmount) sends what waits with keepalive. Nothing is saved for a day before its rows
 * have been loaded, so a failed load never overwrites them. A half-typed date keeps the rows on the
 * last whole one. Rows saved before their addresses were looked up (a reload while the editor was
 * geocoding) are looked up once loaded.
 */
export function useOrderDraftSync({ teamId, date, drafts, setDrafts }: { teamId: string; date: string; drafts: DraftOrder[]; setDrafts: Dispatch<SetStateAction<DraftOrder[]>> }): DraftSyncStatus {
  const [day, setDay] = useState<string | null>(() => (isDay(date) ? date : null));
  if (isDay(date) && date !== day) setDay(date);
  const key = day === null ? null : `${teamId}/${day}`;

  const load = useOrderDraft(teamId, day);
  const { mutateAsync: saveDraft } = useSaveOrderDraft();
  /** The day (team/date) whose saved rows are in `drafts`. */
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<"idle" | "saving" | "saved" | { error: unknown }>("idle");

  /** The rows waiting for the delay to pass, and the last save that failed (sent again by a retry or on leaving). */
  const pending = useRef<Save | null>(null);
  const failed = useRef<Save | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Saves replace the whole day: each waits for the one before it. */
  const chain = useRef<Promise<void>>(Promise.resolve());
  const inFlight = useRef(0);
  /** Rows the hook itself put in `drafts` (a load, an emptied day): not a change to save. */
  const ownRows = useRef<DraftOrder[] | null>(null);
  const shownKey = useRef(key);
  /** When the day was shown: an answer cached from before is not loaded again. */
  const shownAt = useRef(0);

  const send = useCallback(
    (next: Save) => {
      inFlight.current += 1;
      setSaveState("saving");
      chain.current = chain.current
        .then(() => saveDraft(next))
        .then(
          () => {
            inFlight.current -= 1;
            failed.current = null;
            if (!pending.current && inFlight.current === 0) setSaveState("saved");
          },
          (error: unknown) => {
            inFlight.current -= 1;
            failed.current = next;
            if (!pending.current && inFlight.current === 0) setSaveState({ error });
          },
        );
    },
    [saveDraft],
  );

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const next = pending.current;
    pending.current = null;
    if (next) send(next);
  }, [send]);

  // Loaded rows still waiting for coordinates: looked up, then put in the rows shown if still the same day and address (a change, so saved).
  const resumeGeocoding = useCallback(
    (rows: DraftOrder[]) => {
      const waiting = rows.filter(needsGeocoding);
      if (waiting.length === 0) return;
      const forKey = shownKey.current;
      const update = (change: (draft: DraftOrder, waited: DraftOrder) => DraftOrder) => {
        if (shownKey.current !== forKey) return;
        const byId = new Map(waiting.map((d) => [d.id, d]));
        setDrafts((current) =>
          current.map((draft) => {
            const waited = byId.get(draft.id);
            return waited && needsGeocoding(draft) && samePlaces(draft, waited) ? change(draft, waited) : draft;
          }),
        );
      };
      geocodeOrders(waiting).then(
        (found) => {
          const byId = new Map(found.map((d) => [d.id, d]));
          update((draft) => byId.get(draft.id) ?? draft);
        },
        (error: unknown) => update((draft) => ({ ...draft, problems: [lookupFailed(errorMessage(error))] })),
      );
    },
    [setDrafts],
  );

  // Another day or team: what waits for the previous one is sent now; the rows are the new day's once loaded.
  useEffect(() => {
    shownAt.current = Date.now();
    if (shownKey.current === key) return;
    shownKey.current = key;
    flush();
    failed.current = null;
    setSaveState("idle");
    ownRows.current = NONE;
    setDrafts(NONE);
  }, [key, flush, setDrafts]);

  // The day's saved rows, once per day shown; rows typed while they were loading follow them and are saved.
  useEffect(() => {
    // An answer cached from before the day was shown is being fetched again (staleTime 0): wait for the new one.
    if (key === null || day === null || loadedKey === key || !load.data || load.isFetching || load.dataUpdatedAt < shownAt.current) return;
    const saved = load.data.orders;
    const rows = drafts.length === 0 ? saved : mergeDrafts(saved, drafts);
    ownRows.current = rows;
    setDrafts(rows);
    setLoadedKey(key);
    if (rows !== saved) {
      pending.current = { teamId, date: day, orders: rows };
      flush();
    } else setSaveState(saved.length > 0 ? "saved" : "idle");
    resumeGeocoding(saved);
  }, [key, day, teamId, loadedKey, load.data, load.isFetching, load.dataUpdatedAt, drafts, setDrafts, flush, resumeGeocoding]);

  // A change made on the page: saved after the delay (the delay starts again with each change).
  useEffect(() => {
    if (drafts === ownRows.current || key === null || day === null || loadedKey !== key) return;
    pending.current = { teamId, date: day, orders: drafts };
    setSaveState("saving");
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
  }, [drafts, key, day, teamId, loadedKey, flush]);

  // Leaving: the page (pagehide) or the planner (unmount) sends what waits at once, with keepalive; a hidden tab saves now.
  useEffect(() => {
    const leave = () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      const next = pending.current ?? failed.current;
      pending.current = null;
      if (next) sendOrderDraftOnLeave(next.teamId, next.date, next.orders);
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", leave);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", leave);
      document.removeEventListener("visibilitychange", onHidden);
      leave();
    };
  }, [flush]);

  if (key !== null && loadedKey !== key) return load.isError ? { state: "loadFailed", error: load.error, retry: () => void load.refetch() } : { state: "loading" };
  if (typeof saveState === "object") {
    const retry = () => {
      pending.current ??= failed.current;
      flush();
    };
    return { state: "saveFailed", error: saveState.error, retry };
  }
  return { state: saveState };
}
