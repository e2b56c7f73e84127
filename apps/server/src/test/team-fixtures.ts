import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { monthlyRouteLimits, type TeamRole, type Tier } from "@routepilot/contracts";
import { subscribers, teamMembers } from "@routepilot/db";
import type { RealtimeEnvelope } from "../platform/realtime/bus";
import type { TestApp } from "./harness";

/** Test helpers for the teams and invitations tests. */
export type Account = { cookie: string; userId: string; email: string };

let counter = 0;
export async function account(t: TestApp, label: string, name = label): Promise<Account> {
  const email = `${label}-${++counter}@example.com`;
  const { cookie, userId } = await t.signUp(email, undefined, name);
  await t.call("/api/me/plan", { cookie });
  return { cookie, userId, email };
}

export async function setTier(t: TestApp, userId: string, tier: Tier): Promise<void> {
  await t.deps.db.update(subscribers).set({ subscriptionTier: tier, monthlyRouteLimit: monthlyRouteLimits[tier] }).where(eq(subscribers.userId, userId));
}

export async function createTeam(t: TestApp, owner: Account, name = "Acme"): Promise<string> {
  const res = await t.call("/api/teams", { cookie: owner.cookie, body: { name } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Adds a member directly (the invitation flow has its own tests). */
export async function addMember(t: TestApp, teamId: string, who: Account, role: Exclude<TeamRole, "owner">, quotaAllocation = 0): Promise<void> {
  await t.deps.db.insert(teamMembers).values({ teamId, userId: who.userId, role, quotaAllocation });
}

export async function json<T = Record<string, unknown>>(res: Response | Promise<Response>): Promise<T> {
  return (await res).json() as Promise<T>;
}

/** Everything published on the realtime bus while the test runs. */
export function recordRealtime(t: TestApp): { messages: RealtimeEnvelope[]; stop: () => void; to: (userId: string) => { topic: string; type: string }[] } {
  const messages: RealtimeEnvelope[] = [];
  const stop = t.deps.realtime.subscribe((e) => messages.push(e));
  return {
    messages,
    stop,
    to: (userId) => messages.filter((m) => m.userIds.includes(userId)).map((m) => ({ topic: m.message.topic, type: m.message.type })),
  };
}
