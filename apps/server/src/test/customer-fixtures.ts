import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { fleetSettings, outbox, routeStops, routes } from "@routepilot/db";
import type { TestApp } from "./harness";
import { account, addMember, createTeam, setTier, type Account } from "./team-fixtures";
import { sealContact } from "../modules/security/contacts";
import { openField } from "../modules/security/field-encryption";
import { sealedOutboxTo, type SealedMail } from "../platform/mail/mail";

/** Test helpers for the customer e-mails and tracking tests: a fleet team with a dispatched route inserted directly. */

export interface CustomerWorld {
  teamId: string;
  owner: Account;
  admin: Account;
  manager: Account;
  driver: Account;
  member: Account;
  outsider: Account;
  plainTeamId: string;
  plainOwner: Account;
}

/** A fleet_pro team (time zone UTC) with one account per role, an outsider, and a team whose owner is not on Fleet Pro. */
export async function customerWorld(t: TestApp, teamName = "Fleet & Co"): Promise<CustomerWorld> {
  const owner = await account(t, "cm-owner", "Olive Owner");
  await setTier(t, owner.userId, "fleet_pro");
  const teamId = await createTeam(t, owner, teamName);
  await t.deps.db.insert(fleetSettings).values({ teamId, timeZone: "UTC" });
  const people: Record<string, Account> = {};
  for (const role of ["admin", "manager", "driver", "member"] as const) {
    people[role] = await account(t, `cm-${role}`, role === "driver" ? "Dora Driverson-Smith" : `Dana ${role}`);
    await addMember(t, teamId, people[role], role);
  }
  const outsider = await account(t, "cm-outsider");
  const plainOwner = await account(t, "cm-plain-owner");
  await setTier(t, plainOwner.userId, "enterprise");
  const plainTeamId = await createTeam(t, plainOwner, "Not Fleet");
  return { teamId, owner, outsider, plainTeamId, plainOwner, ...(people as Pick<CustomerWorld, "admin" | "manager" | "driver" | "member">) };
}

export interface StopSpec {
  label: string;
  email?: string;
  name?: string;
  phone?: string;
  status?: "pending" | "arrived" | "done" | "failed";
  completedAt?: Date;
  arrivedAt?: Date;
  failureReason?: string;
  expiresAt?: Date;
}

/**
 * A dispatched route of the team on 2030-01-07 (no plan row: its date is the route's creation date),
 * departing 09:00 UTC; stop i (1-based) is planned to arrive at 09:00 + i × 30 min and stay 5 minutes.
 */
export async function insertRoute(t: TestApp, w: CustomerWorld, stops: StopSpec[], options: { status?: "planned" | "in_progress" } = {}) {
  const place = { label: "Depot", address: null, lat: 47.14, lng: 9.52 };
  const [route] = await t.deps.db
    .insert(routes)
    .values({
      userId: w.owner.userId,
      teamId: w.teamId,
      driverUserId: w.driver.userId,
      name: "Van 1 · 2030-01-07",
      status: options.status ?? "planned",
      departureTime: "09:00",
      start: place,
      distanceM: 1000,
      durationS: 600,
      provider: "haversine",
      createdAt: new Date("2030-01-07T06:00:00Z"),
      startedAt: options.status === "in_progress" ? new Date("2030-01-07T09:00:00Z") : null,
    })
    .returning({ id: routes.id });
  const routeId = (route as { id: string }).id;
  const rows = await t.deps.db
    .insert(routeStops)
    .values(
      stops.map((s, i) => ({
        routeId,
        sequence: i + 1,
        inputIndex: i,
        label: s.label,
        lat: 47.1 + i / 100,
        lng: 9.5 + i / 100,
        serviceS: 300,
        arrivalS: (i + 1) * 1800,
        departureS: (i + 1) * 1800 + 300,
        legDistanceM: 500,
        legDurationS: 300,
        status: s.status ?? "pending",
        completedAt: s.completedAt ?? null,
        arrivedAt: s.arrivedAt ?? null,
        failureReason: s.failureReason ?? null,
        // Sealed at rest like a dispatched stop's (decision 011).
        contactSealed: sealContact(t.deps.encryption, { email: s.email, name: s.name, phone: s.phone }),
        trackingToken: randomBytes(16).toString("base64url"),
        trackingExpiresAt: s.expiresAt ?? new Date(Date.now() + 7 * 24 * 3600 * 1000),
      })),
    )
    .returning();
  rows.sort((a, b) => a.sequence - b.sequence);
  return { routeId, stops: rows };
}

/** Customer e-mails in the outbox to this address (found by its keyed hash, opened: the rows are sealed). */
export async function mailsTo(t: TestApp, email: string) {
  const rows = await t.deps.db.select().from(outbox).where(eq(outbox.to, sealedOutboxTo(t.deps.encryption, email)));
  return rows.map((row) => ({ ...row, ...(JSON.parse(openField(t.deps.encryption, row.sealed, t.deps.logger) ?? "{}") as SealedMail) }));
}

/** Sets a stop's columns as a driver event would. */
export async function setStop(t: TestApp, stopId: string, values: Partial<typeof routeStops.$inferInsert>) {
  await t.deps.db.update(routeStops).set(values).where(eq(routeStops.id, stopId));
}

let counter = 0;
export const customerEmailAddress = (label: string) => `${label}-${++counter}@customer.example`;
