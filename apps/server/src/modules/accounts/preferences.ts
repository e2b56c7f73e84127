import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  createFormatter,
  defaultPreferences,
  distanceUnits,
  themes,
  type DistanceUnit,
  type Formatter,
  type Preferences,
  type UpdatePreferences,
} from "@routepilot/contracts";
import { savedLocations, userPreferences, type DbOrTx } from "@routepilot/db";
import { ValidationError } from "../../lib/errors";

const startLoc = alias(savedLocations, "start_location");
const endLoc = alias(savedLocations, "end_location");

type StoredPrefs = Partial<Omit<Preferences, "defaultStartLocation" | "defaultEndLocation" | "defaultStartLocationId" | "defaultEndLocationId">>;

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Merges a stored JSON object over the SPEC §3 defaults, ignoring anything malformed. */
function normalise(stored: Record<string, unknown>): StoredPrefs {
  return {
    theme: pick(stored.theme, themes, defaultPreferences.theme),
    notifications: typeof stored.notifications === "boolean" ? stored.notifications : defaultPreferences.notifications,
    language: typeof stored.language === "string" ? stored.language : defaultPreferences.language,
    timezone: typeof stored.timezone === "string" ? stored.timezone : defaultPreferences.timezone,
    darkMode: typeof stored.darkMode === "boolean" ? stored.darkMode : defaultPreferences.darkMode,
    distanceUnit: pick(stored.distanceUnit, distanceUnits, defaultPreferences.distanceUnit),
  };
}

/** Reads preferences joined with the two default saved locations; creates the default row when none exists (SPEC §4). */
export async function getPreferences(db: DbOrTx, userId: string): Promise<Preferences> {
  const rows = await db
    .select({ prefs: userPreferences, start: startLoc, end: endLoc })
    .from(userPreferences)
    .leftJoin(startLoc, eq(startLoc.id, userPreferences.defaultStartLocationId))
    .leftJoin(endLoc, eq(endLoc.id, userPreferences.defaultEndLocationId))
    .where(eq(userPreferences.userId, userId));
  const row = rows[0];
  if (!row) {
    const { defaultStartLocation: _s, defaultEndLocation: _e, defaultStartLocationId: _si, defaultEndLocationId: _ei, ...stored } = defaultPreferences;
    await db.insert(userPreferences).values({ userId, preferences: stored }).onConflictDoNothing({ target: userPreferences.userId });
    return { ...defaultPreferences };
  }
  const present = (loc: typeof row.start) => (loc ? { id: loc.id, name: loc.name, address: loc.address, lat: loc.lat, lng: loc.lng } : null);
  return {
    ...defaultPreferences,
    ...normalise(row.prefs.preferences),
    defaultStartLocationId: row.prefs.defaultStartLocationId,
    defaultEndLocationId: row.prefs.defaultEndLocationId,
    defaultStartLocation: present(row.start),
    defaultEndLocation: present(row.end),
  };
}

async function requireOwnLocation(db: DbOrTx, userId: string, id: string, field: string): Promise<void> {
  const [found] = await db
    .select({ id: savedLocations.id })
    .from(savedLocations)
    .where(and(eq(savedLocations.id, id), eq(savedLocations.userId, userId)));
  if (!found) throw new ValidationError("Saved location not found", { [field]: "Saved location not found" });
}

/**
 * Applies a partial update (upsert on user_id). An explicit light or dark theme is stored
 * as darkMode (SPEC §4); choosing system leaves darkMode as it was.
 */
export async function updatePreferences(db: DbOrTx, userId: string, patch: UpdatePreferences): Promise<Preferences> {
  return db.transaction(async (tx) => {
    const current = await getPreferences(tx, userId);
    if (patch.defaultStartLocationId) await requireOwnLocation(tx, userId, patch.defaultStartLocationId, "defaultStartLocationId");
    if (patch.defaultEndLocationId) await requireOwnLocation(tx, userId, patch.defaultEndLocationId, "defaultEndLocationId");
    const { defaultStartLocationId, defaultEndLocationId, ...rest } = patch;
    const next: StoredPrefs = { ...normalise(current as unknown as Record<string, unknown>), ...rest };
    if (patch.theme === "dark") next.darkMode = true;
    if (patch.theme === "light") next.darkMode = false;
    await tx
      .update(userPreferences)
      .set({
        preferences: next,
        ...(defaultStartLocationId !== undefined ? { defaultStartLocationId } : {}),
        ...(defaultEndLocationId !== undefined ? { defaultEndLocationId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(userPreferences.userId, userId));
    return getPreferences(tx, userId);
  });
}

/** The stored preferences of a user merged over the SPEC §3 defaults, without creating the row. */
async function storedPreferences(db: DbOrTx, userId: string): Promise<StoredPrefs> {
  const [row] = await db.select({ preferences: userPreferences.preferences }).from(userPreferences).where(eq(userPreferences.userId, userId));
  return normalise(row?.preferences ?? {});
}

/**
 * A user's distance unit, for the distances the server writes to them (messages, e-mails) with
 * contracts' `formatDistance`. Reads the stored preference without creating the row; the SPEC §3
 * default (miles) when there is none.
 */
export async function distanceUnitOf(db: DbOrTx, userId: string): Promise<DistanceUnit> {
  return (await storedPreferences(db, userId)).distanceUnit ?? defaultPreferences.distanceUnit;
}

/**
 * The formatter for what the server writes to a person (e-mails, notifications, messages): their
 * language, time zone and distance unit (issue 28). A language or zone the runtime does not know
 * falls back to British English or UTC.
 */
export function formatterFor(prefs: Pick<Preferences, "language" | "timezone" | "distanceUnit">): Formatter {
  return createFormatter({ language: prefs.language, timeZone: prefs.timezone, unit: prefs.distanceUnit });
}

/**
 * {@link formatterFor} a user's stored preferences, read without creating the row; the SPEC §3
 * defaults (English, UTC, miles) for a user who has none (or for no user at all: `null`).
 */
export async function formatterOf(db: DbOrTx, userId: string | null): Promise<Formatter> {
  const stored = userId ? await storedPreferences(db, userId) : {};
  return formatterFor({ ...defaultPreferences, ...stored });
}
