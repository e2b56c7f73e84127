import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { DriverRoute } from "@routepilot/contracts";
import { proofResponseSchema, stopEventResponseSchema } from "@routepilot/contracts";
import { driverKeys, fetchDriverRoutes, sendOutboxItem } from "@/features/driver/api/driver-api";
import { idbOutboxStorage, idbRouteStore, indexedDbAvailable, memoryRouteStore, type DriverRoutesResponse, type RouteStore } from "@/features/driver/lib/idb-storage";
import { Outbox, isRetryable, memoryOutboxStorage, type OutboxItem, type OutboxStorage, type SendItem } from "@/features/driver/lib/outbox";
import { withStop } from "@/features/driver/lib/route-view";

type DriverSync = { outbox: Outbox; routeStore: RouteStore };
const DriverSyncContext = createContext<DriverSync | null>(null);

/** Writes a change to one route of a day into the query cache and the phone's copy. */
async function patchRoute(queryClient: QueryClient, routeStore: RouteStore, date: string, routeId: string, change: (route: DriverRoute) => DriverRoute) {
  const current = queryClient.getQueryData<RoutesData>(driverKeys.routes(date));
  const base = current?.response ?? (await routeStore.get(date));
  if (!base) return;
  const response = { ...base, routes: base.routes.map((r) => (r.id === routeId ? change(r) : r)) };
  queryClient.setQueryData<RoutesData>(driverKeys.routes(date), { response, savedCopy: current?.savedCopy ?? false });
  await routeStore.put(date, response);
}

/** What the server's answer to a sent item changes in the route: the stop as it is now, or its new proof files. */
function answerChange(item: OutboxItem, answer: unknown): ((route: DriverRoute) => DriverRoute) | null {
  if (item.kind === "event") {
    const parsed = stopEventResponseSchema.safeParse(answer);
    return parsed.success ? (route) => withStop(route, parsed.data.stop) : null;
  }
  if (item.kind === "proof") {
    const parsed = proofResponseSchema.safeParse(answer);
    if (!parsed.success) return null;
    return (route) => ({
      ...route,
      stops: route.stops.map((s) => (s.id === item.stopId ? { ...s, proof: [...s.proof.filter((p) => !parsed.data.files.some((f) => f.id === p.id)), ...parsed.data.files], recipientName: parsed.data.recipientName ?? s.recipientName } : s)),
    });
  }
  return null;
}

/**
 * The driver's offline queue and saved routes, one per signed-in user (IndexedDB; memory where the
 * browser has none). The queue is flushed on start, after each action, when the browser comes
 * back online, when the page becomes visible again (a phone woken up, the app brought back to the
 * front: `online` may never fire there), and with backoff after a failure. The effect stops the
 * queue on cleanup and starts the same instance again on the next run (StrictMode, a remount).
 */
export function DriverSyncProvider({ userId, children, storage, routeStore, send = sendOutboxItem }: { userId: string; children: ReactNode; storage?: OutboxStorage; routeStore?: RouteStore; send?: SendItem }) {
  const queryClient = useQueryClient();
  const [sync] = useState<DriverSync>(() => {
    const idb = indexedDbAvailable();
    const store = routeStore ?? (idb ? idbRouteStore(userId) : memoryRouteStore());
    const outbox = new Outbox({
      storage: storage ?? (idb ? idbOutboxStorage(userId) : memoryOutboxStorage()),
      send,
      onSent: async (item, answer) => {
        if (item.kind === "positions") return;
        const change = answerChange(item, answer);
        if (change) await patchRoute(queryClient, store, item.date, item.routeId, change);
      },
    });
    return { outbox, routeStore: store };
  });

  useEffect(() => {
    const { outbox } = sync;
    void outbox.start();
    const online = () => void outbox.sync();
    const visible = () => {
      if (document.visibilityState === "visible") void outbox.sync();
    };
    window.addEventListener("online", online);
    document.addEventListener("visibilitychange", visible);
    return () => {
      window.removeEventListener("online", online);
      document.removeEventListener("visibilitychange", visible);
      outbox.stop();
    };
  }, [sync]);

  return <DriverSyncContext.Provider value={sync}>{children}</DriverSyncContext.Provider>;
}

function useDriverSync(): DriverSync {
  const sync = useContext(DriverSyncContext);
  if (!sync) throw new Error("useDriverSync needs a DriverSyncProvider");
  return sync;
}

export function useOutbox() {
  const { outbox } = useDriverSync();
  const state = useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.getState(),
  );
  return { outbox, ...state };
}

/** The day's routes and whether they are the copy saved on this phone (no network). */
export type RoutesData = { response: DriverRoutesResponse; savedCopy: boolean };

/**
 * GET /api/driver/routes for a day through TanStack Query, each answer also saved in IndexedDB;
 * without a network the saved copy answers, so today's route opens in a dead zone once loaded.
 */
export function useDriverRoutes(date: string) {
  const { routeStore } = useDriverSync();
  return useQuery({
    queryKey: driverKeys.routes(date),
    networkMode: "always",
    queryFn: async ({ signal }): Promise<RoutesData> => {
      try {
        const response = await fetchDriverRoutes(date, signal);
        await routeStore.put(date, response);
        return { response, savedCopy: false };
      } catch (error) {
        const saved = isRetryable(error) ? await routeStore.get(date) : undefined;
        if (saved) return { response: saved, savedCopy: true };
        throw error;
      }
    },
  });
}

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener("online", listener);
      window.addEventListener("offline", listener);
      return () => {
        window.removeEventListener("online", listener);
        window.removeEventListener("offline", listener);
      };
    },
    () => navigator.onLine,
  );
}
