import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { driverMessages, type Tracking } from "@routepilot/contracts";
import { driverPositions, routeStops, stopProofs, type DbOrTx } from "@routepilot/db";
import { AppError } from "../../../lib/errors";
import { loadRouteView, trackingStatusOf, windowOf } from "./route-view";

/**
 * The public tracking page of one stop (GET /api/track/{token}, no sign-in). It shows only what the
 * contract lists: never the driver's surname, phone or e-mail, nor anything of another stop.
 */
/** The storage bucket of proof-of-delivery files (stop_proofs.object_key is a key in it). */
export const PROOF_BUCKET = "proofs";

const gone = () => new AppError(404, "NOT_FOUND", driverMessages.trackingGone);

/** The stop a live (not expired) token names, or 404 trackingGone. */
async function trackedStop(db: DbOrTx, token: string, now: number) {
  const [stop] = await db
    .select({ id: routeStops.id, routeId: routeStops.routeId, expiresAt: routeStops.trackingExpiresAt })
    .from(routeStops)
    .where(and(eq(routeStops.trackingToken, token), gt(routeStops.trackingExpiresAt, new Date(now))));
  if (!stop?.expiresAt) throw gone();
  return { ...stop, expiresAt: stop.expiresAt };
}

/** The newest proof photo of a stop, if any. */
async function proofPhoto(db: DbOrTx, routeStopId: string) {
  const [photo] = await db
    .select({ objectKey: stopProofs.objectKey, contentType: stopProofs.contentType })
    .from(stopProofs)
    .where(and(eq(stopProofs.routeStopId, routeStopId), eq(stopProofs.kind, "photo")))
    .orderBy(desc(stopProofs.createdAt))
    .limit(1);
  return photo ?? null;
}

/** GET /api/track/{token}. */
export async function getTracking(db: DbOrTx, token: string, now = Date.now()): Promise<Tracking> {
  const tracked = await trackedStop(db, token, now);
  const view = await loadRouteView(db, tracked.routeId);
  const index = view ? view.stops.findIndex((s) => s.id === tracked.id) : -1;
  const stop = view?.stops[index];
  if (!view || !stop) throw gone();
  const status = trackingStatusOf(view, index);
  const window = windowOf(view, index, now);
  let driverPosition: Tracking["driverPosition"] = null;
  if (status === "next" && view.driverUserId) {
    const [position] = await db
      .select({ lat: driverPositions.lat, lng: driverPositions.lng, at: driverPositions.at })
      .from(driverPositions)
      .where(and(eq(driverPositions.driverUserId, view.driverUserId), or(eq(driverPositions.routeId, view.routeId), isNull(driverPositions.routeId))))
      .orderBy(desc(driverPositions.at))
      .limit(1);
    if (position) driverPosition = { lat: position.lat, lng: position.lng, at: position.at.toISOString() };
  }
  const photo = status === "delivered" ? await proofPhoto(db, stop.id) : null;
  return {
    status,
    teamName: view.teamName,
    label: stop.label,
    window: window ? { start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString() } : null,
    driverFirstName: view.driverFirstName,
    driverPosition,
    destination: { lat: stop.lat, lng: stop.lng },
    completedAt: stop.completedAt?.toISOString() ?? null,
    failureReason: (stop.failureReason as Tracking["failureReason"]) ?? null,
    proofPhotoUrl: photo ? `/api/track/${token}/photo` : null,
    expiresAt: tracked.expiresAt.toISOString(),
  };
}

/** The proof photo's storage key and type for GET /api/track/{token}/photo (delivered stops only), or 404. */
export async function trackingPhoto(db: DbOrTx, token: string, now = Date.now()): Promise<{ objectKey: string; contentType: string }> {
  const tracked = await trackedStop(db, token, now);
  const [stop] = await db.select({ status: routeStops.status }).from(routeStops).where(eq(routeStops.id, tracked.id));
  const photo = stop?.status === "done" ? await proofPhoto(db, tracked.id) : null;
  if (!photo) throw gone();
  return photo;
}
