import type { z } from "zod";
import {
  driverNextRoutesResponseSchema,
  driverRoutesResponseSchema,
  proofResponseSchema,
  stopEventResponseSchema,
  type PositionInput,
  type StopEventInput,
} from "@routepilot/contracts";
import { ApiError, apiRequest } from "@/lib/api-client";
import { apiErrorFromBody } from "@/lib/api-error-body";
import type { OutboxItem } from "@/features/driver/lib/outbox";

export const driverKeys = {
  all: ["driver"] as const,
  routes: (date: string) => ["driver", "routes", date] as const,
  next: (from: string) => ["driver", "next", from] as const,
};

/** GET /api/driver/routes?date=: the signed-in driver's dispatched routes of that day. */
export function fetchDriverRoutes(date: string, signal?: AbortSignal) {
  return apiRequest(`/api/driver/routes?date=${encodeURIComponent(date)}`, { schema: driverRoutesResponseSchema, signal });
}

/** GET /api/driver/routes/next?from=: the first day from `from` (the phone's today) on with a route of the driver's. */
export function fetchNextDriverRoutes(from: string, signal?: AbortSignal) {
  return apiRequest(`/api/driver/routes/next?from=${encodeURIComponent(from)}`, { schema: driverNextRoutesResponseSchema, signal });
}

const stopPath = (stopId: string) => `/api/driver/stops/${encodeURIComponent(stopId)}`;

/** POST /api/driver/stops/{stopId}/events (a replayed clientEventId answers 200 with no second effect). */
export function postStopEvent(stopId: string, event: StopEventInput) {
  return apiRequest(`${stopPath(stopId)}/events`, { method: "POST", body: event, schema: stopEventResponseSchema });
}

/** POST /api/driver/positions: 1–100 positions, oldest first. */
export function postPositions(positions: PositionInput[]) {
  return apiRequest("/api/driver/positions", { method: "POST", body: positions });
}

/** The same failures as apiRequest (ApiError with the server's message and its keys; status 0 without a network), for a multipart body. */
async function postForm<T>(path: string, form: FormData, schema: z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", body: form, credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", "Could not reach RoutePilot. Check your connection and try again.");
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw apiErrorFromBody(response.status, data) ?? new ApiError(response.status, "HTTP_ERROR", "Something went wrong. Please try again.");
  }
  const result = schema.safeParse(data);
  if (!result.success) throw new ApiError(response.status, "INVALID_RESPONSE", "Something went wrong. Please try again.");
  return result.data;
}

/** POST /api/driver/stops/{stopId}/proof (multipart: photo(s), signature, recipient; the client id makes a resend harmless). */
export function postProof(stopId: string, proof: { id: string; photos: Blob[]; signature: Blob | null; recipientName: string | null }) {
  const form = new FormData();
  form.set("clientEventId", proof.id);
  proof.photos.forEach((photo, i) => form.append("photo", photo, `photo-${i + 1}.jpg`));
  if (proof.signature) form.set("signature", proof.signature, "signature.png");
  if (proof.recipientName) form.set("recipient", proof.recipientName);
  return postForm(`${stopPath(stopId)}/proof`, form, proofResponseSchema);
}

/** Sends one queued item to the server (the outbox's `send`). */
export function sendOutboxItem(item: OutboxItem): Promise<unknown> {
  if (item.kind === "event") return postStopEvent(item.stopId, item.event);
  if (item.kind === "proof") return postProof(item.stopId, item);
  return postPositions(item.positions);
}
