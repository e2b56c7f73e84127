import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { orderDraftSchema, type OrderDraft } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { fleetKeys } from "@/features/fleet/api/keys";
import type { DraftOrder } from "@/features/fleet/lib/order-import";

/**
 * A day's order drafts (issue 25): the planner's rows, saved on the server as they change and read
 * back on reload. `GET` of a day with nothing saved is `{ orders: [], updatedAt: null }`.
 */

const draftPath = (teamId: string, date: string) => `/api/teams/${encodeURIComponent(teamId)}/order-drafts/${encodeURIComponent(date)}`;

/** The rows as the planner holds them (the contract's rows are the planner's DraftOrder, checked by type and size). */
export type SavedDraft = { orders: DraftOrder[]; updatedAt: string | null };
const asSaved = (draft: OrderDraft): SavedDraft => ({ orders: draft.orders satisfies DraftOrder[], updatedAt: draft.updatedAt });

/** GET /api/teams/{teamId}/order-drafts/{date}: the day's saved rows. */
export function getOrderDraft(teamId: string, date: string, signal?: AbortSignal): Promise<SavedDraft> {
  return apiRequest(draftPath(teamId, date), { schema: orderDraftSchema, signal }).then(asSaved);
}

/** PUT /api/teams/{teamId}/order-drafts/{date} { orders }: replaces the day's rows (an empty list clears the day). */
export function saveOrderDraft({ teamId, date, orders }: { teamId: string; date: string; orders: DraftOrder[] }): Promise<SavedDraft> {
  return apiRequest(draftPath(teamId, date), { method: "PUT", body: { orders }, schema: orderDraftSchema }).then(asSaved);
}

/** Browsers refuse a keepalive request whose body is over 64 KiB (all keepalive requests of the page together). */
const KEEPALIVE_LIMIT = 60 * 1024;

/**
 * The last save of a page being left (pagehide, unmount): sent with `keepalive` so it outlives the
 * page; a body too large for keepalive is sent as an ordinary request (it completes when the app
 * is left for another page of the app, not when the tab closes). Nobody is left to see its answer.
 */
export function sendOrderDraftOnLeave(teamId: string, date: string, orders: DraftOrder[]): void {
  const body = JSON.stringify({ orders });
  void fetch(draftPath(teamId, date), {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    credentials: "same-origin",
    body,
    keepalive: body.length <= KEEPALIVE_LIMIT,
  }).catch(() => undefined);
}

/**
 * The day's saved rows, fetched each time the day is shown (staleTime 0: another manager may have
 * changed them) and dropped from the cache when no longer shown; `date` null: nothing is fetched.
 */
export function useOrderDraft(teamId: string, date: string | null) {
  return useQuery({
    queryKey: fleetKeys.orderDraft(teamId, date ?? ""),
    queryFn: ({ signal }) => getOrderDraft(teamId, date!, signal),
    enabled: date !== null,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Saves a day's rows; the planner shows the outcome beside the orders ("Saved", "Saving…" or the server's message). */
export function useSaveOrderDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderDraft,
    onSuccess: (saved, { teamId, date }) => queryClient.setQueryData(fleetKeys.orderDraft(teamId, date), saved),
    meta: { errorShownInline: true },
  });
}
