import { and, desc, eq } from "drizzle-orm";
import { routeMessages, type CreateSavedLocation, type SavedLocation, type UpdateSavedLocation } from "@routepilot/contracts";
import type { Geocoder } from "@routepilot/geo";
import { savedLocations, type DbOrTx } from "@routepilot/db";
import { firstOrThrow, NotFoundError, ValidationError } from "../../lib/errors";
import { assertNoUnsafeMarkup } from "../security/sanitize";
import { guarded } from "../maps/geocoder-errors";

type Row = typeof savedLocations.$inferSelect;

/** Presents a saved_locations row as the API shape. */
export function presentSavedLocation(row: Row): SavedLocation {
  return { id: row.id, name: row.name, address: row.address, lat: row.lat, lng: row.lng, placeId: row.placeId, createdAt: row.createdAt.toISOString() };
}

/** Maximum saved locations per user, to keep the list usable and the table bounded. */
export const MAX_SAVED_LOCATIONS = 500;

export async function listSavedLocations(db: DbOrTx, userId: string): Promise<SavedLocation[]> {
  const rows = await db.select().from(savedLocations).where(eq(savedLocations.userId, userId)).orderBy(desc(savedLocations.createdAt), desc(savedLocations.id));
  return rows.map(presentSavedLocation);
}

/**
 * The coordinates of a saved address: as given, or the geocoder's best match, so every saved
 * location can be used as a start, end or stop. An address the geocoder cannot find is refused
 * at the address field (give coordinates to save it anyway).
 */
export async function locateAddress(geocoder: Geocoder, address: string, lat: number | null | undefined, lng: number | null | undefined): Promise<{ lat: number; lng: number }> {
  if (lat != null && lng != null) return { lat, lng };
  const [best] = await guarded(() => geocoder.search(address, { limit: 1 }));
  if (!best) throw new ValidationError(routeMessages.addressNotFound, { address: routeMessages.addressNotFound });
  return { lat: best.lat, lng: best.lng };
}

/** Saves a location; without coordinates the address is looked up first (after the other checks). */
export async function createSavedLocation(db: DbOrTx, geocoder: Geocoder, userId: string, input: CreateSavedLocation): Promise<SavedLocation> {
  assertNoUnsafeMarkup({ name: input.name });
  const existing = await db.$count(savedLocations, eq(savedLocations.userId, userId));
  if (existing >= MAX_SAVED_LOCATIONS) throw new ValidationError(`You can keep at most ${MAX_SAVED_LOCATIONS} saved locations`);
  const { lat, lng } = await locateAddress(geocoder, input.address, input.lat, input.lng);
  const row = firstOrThrow(
    await db
      .insert(savedLocations)
      .values({ userId, name: input.name, address: input.address, lat, lng, placeId: input.placeId ?? null })
      .returning(),
  );
  return presentSavedLocation(row);
}

/** Updates a location the user owns; a new address without coordinates is looked up again (the old ones would be wrong). */
export async function updateSavedLocation(db: DbOrTx, geocoder: Geocoder, userId: string, id: string, patch: UpdateSavedLocation): Promise<SavedLocation> {
  assertNoUnsafeMarkup({ name: patch.name });
  if ((patch.lat === undefined) !== (patch.lng === undefined) || (patch.lat === null) !== (patch.lng === null)) {
    throw new ValidationError("Latitude and longitude must be given together", { lat: "Latitude and longitude must be given together" });
  }
  if (patch.address !== undefined && patch.lat == null) patch = { ...patch, ...(await locateAddress(geocoder, patch.address, null, null)) };
  const [row] = await db
    .update(savedLocations)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(savedLocations.id, id), eq(savedLocations.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError("Saved location");
  return presentSavedLocation(row);
}

export async function deleteSavedLocation(db: DbOrTx, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(savedLocations)
    .where(and(eq(savedLocations.id, id), eq(savedLocations.userId, userId)))
    .returning({ id: savedLocations.id });
  if (deleted.length === 0) throw new NotFoundError("Saved location");
}
