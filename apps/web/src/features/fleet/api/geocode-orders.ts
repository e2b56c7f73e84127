import { GEOCODE_BATCH_MAX, geocodeBatchResponseSchema } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { checkOrder, needsGeocoding, orderImportMessages, type DraftOrder } from "@/features/fleet/lib/order-import";

/**
 * Geocodes every draft that has an address and no coordinates through POST /api/geocode/batch
 * (the planner's batch endpoint), GEOCODE_BATCH_MAX addresses a request. Drafts without a match
 * keep a "not found" problem so the user can fix the address or give coordinates.
 */
export async function geocodeOrders(drafts: DraftOrder[], onProgress?: (done: number, total: number) => void): Promise<DraftOrder[]> {
  const pending = drafts.filter(needsGeocoding);
  const found = new Map<string, { lat: number; lng: number }>();
  for (let i = 0; i < pending.length; i += GEOCODE_BATCH_MAX) {
    const chunk = pending.slice(i, i + GEOCODE_BATCH_MAX);
    const { results } = await apiRequest("/api/geocode/batch", { method: "POST", body: { queries: chunk.map((d) => d.order.address!) }, schema: geocodeBatchResponseSchema });
    chunk.forEach((draft, j) => {
      const match = results[j];
      if (match) found.set(draft.id, { lat: match.lat, lng: match.lng });
    });
    onProgress?.(Math.min(i + GEOCODE_BATCH_MAX, pending.length), pending.length);
  }
  return drafts.map((draft) => {
    if (!needsGeocoding(draft)) return draft;
    const point = found.get(draft.id);
    if (!point) return { ...draft, problems: [orderImportMessages.notFound(draft.order.address!)] };
    const order = { ...draft.order, ...point };
    return { ...draft, order, problems: checkOrder(order) };
  });
}
