import { GEOCODE_BATCH_MAX, geocodeBatchResponseSchema } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { checkOrder, needsGeocoding, type DraftOrder } from "@/features/fleet/lib/order-import";

/** One address to look up: an order's own place or its pickup's. */
type Query = { id: string; place: "order" | "pickup"; address: string };

function queriesOf(draft: DraftOrder): Query[] {
  const { order } = draft;
  const out: Query[] = [];
  if (order.lat === undefined && order.address) out.push({ id: draft.id, place: "order", address: order.address });
  if (order.pickup && order.pickup.lat === undefined && order.pickup.address) out.push({ id: draft.id, place: "pickup", address: order.pickup.address });
  return out;
}

/**
 * Geocodes every draft that has an address and no coordinates — the order's place and its
 * pickup's — through POST /api/geocode/batch (the planner's batch endpoint), GEOCODE_BATCH_MAX
 * addresses a request. Drafts without a match keep a "not found" problem so the user can fix the
 * address or give coordinates.
 */
export async function geocodeOrders(drafts: DraftOrder[], onProgress?: (done: number, total: number) => void): Promise<DraftOrder[]> {
  const pending = drafts.filter(needsGeocoding).flatMap(queriesOf);
  const found = new Map<string, { lat: number; lng: number }>();
  const key = (q: Pick<Query, "id" | "place">) => `${q.place}:${q.id}`;
  for (let i = 0; i < pending.length; i += GEOCODE_BATCH_MAX) {
    const chunk = pending.slice(i, i + GEOCODE_BATCH_MAX);
    const { results } = await apiRequest("/api/geocode/batch", { method: "POST", body: { queries: chunk.map((q) => q.address) }, schema: geocodeBatchResponseSchema });
    chunk.forEach((query, j) => {
      const match = results[j];
      if (match) found.set(key(query), { lat: match.lat, lng: match.lng });
    });
    onProgress?.(Math.min(i + GEOCODE_BATCH_MAX, pending.length), pending.length);
  }
  return drafts.map((draft) => {
    if (!needsGeocoding(draft)) return draft;
    const point = found.get(key({ id: draft.id, place: "order" }));
    const pickupPoint = found.get(key({ id: draft.id, place: "pickup" }));
    const order = { ...draft.order, ...point };
    if (order.pickup && pickupPoint) order.pickup = { ...order.pickup, ...pickupPoint };
    return { ...draft, order, problems: checkOrder(order) };
  });
}
