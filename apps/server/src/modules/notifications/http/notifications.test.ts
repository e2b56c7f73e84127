import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamInvitations, teamNotifications, teams } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type List = { notifications: { id: string; title: string; readAt: string | null }[]; unreadCount: number; pendingInvitations: number };

describe("notifications", () => {
  it("401 without a session", async () => {
    expect((await t.call("/api/notifications")).status).toBe(401);
    expect((await t.call("/api/notifications/6f1d2f4e-1111-4222-8333-944455556666/read", { method: "POST" })).status).toBe(401);
  });

  it("lists the latest 20, newest first, counts unread and open invitations, and marks read", async () => {
    const me = await t.signUp("me@example.com");
    const other = await t.signUp("other@example.com");
    const empty = (await (await t.call("/api/notifications", { cookie: me.cookie })).json()) as List;
    expect(empty).toEqual({ notifications: [], unreadCount: 0, pendingInvitations: 0 });

    const base = Date.now();
    await t.deps.db.insert(teamNotifications).values(
      Array.from({ length: 25 }, (_, i) => ({ userId: me.userId, type: "alert", title: `N${i}`, message: "m", createdAt: new Date(base + i * 1000) })),
    );
    const [team] = await t.deps.db.insert(teams).values({ name: "T", ownerId: other.userId }).returning();
    await t.deps.db.insert(teamInvitations).values([
      { email: "ME@example.com", teamId: team!.id, token: "t1", expiresAt: new Date(base + 86_400_000) },
      { email: "me@example.com", teamId: team!.id, token: "t2", expiresAt: new Date(base - 1000) },
      { email: "me@example.com", teamId: team!.id, token: "t3", expiresAt: new Date(base + 86_400_000), acceptedAt: new Date() },
    ]);

    const list = (await (await t.call("/api/notifications", { cookie: me.cookie })).json()) as List;
    expect(list.notifications).toHaveLength(20);
    expect(list.notifications[0]?.title).toBe("N24");
    expect(list.unreadCount).toBe(25);
    expect(list.pendingInvitations).toBe(1);

    const first = list.notifications[0]!;
    expect((await t.call(`/api/notifications/${first.id}/read`, { method: "POST", cookie: other.cookie })).status).toBe(404);
    expect((await t.call(`/api/notifications/${first.id}/read`, { method: "POST", cookie: me.cookie })).status).toBe(204);
    const after = (await (await t.call("/api/notifications", { cookie: me.cookie })).json()) as List;
    expect(after.unreadCount).toBe(24);
    expect(after.notifications[0]?.readAt).not.toBeNull();
    expect((await t.call("/api/notifications/nope/read", { method: "POST", cookie: me.cookie })).status).toBe(404);

    const theirs = (await (await t.call("/api/notifications", { cookie: other.cookie })).json()) as List;
    expect(theirs.notifications).toEqual([]);
  });

  it("marks all read (the user's only), tells the user's other tabs; 401 signed out", async () => {
    const me = await t.signUp("all@example.com");
    const other = await t.signUp("all-other@example.com");
    await t.deps.db.insert(teamNotifications).values([
      { userId: me.userId, type: "alert", title: "A", message: "m" },
      { userId: me.userId, type: "other", title: "B", message: "m" },
      { userId: other.userId, type: "other", title: "C", message: "m" },
    ]);
    expect((await t.call("/api/notifications/read-all", { method: "POST" })).status).toBe(401);
    const heard: { userIds: string[]; message: { topic: string; type: string; data: unknown } }[] = [];
    const stop = t.deps.realtime.subscribe((e) => heard.push(e));
    expect((await t.call("/api/notifications/read-all", { method: "POST", cookie: me.cookie })).status).toBe(204);
    stop();
    expect(heard).toEqual([{ userIds: [me.userId], message: { topic: "notifications", type: "read", data: { ids: "all" } } }]);
    const mine = (await (await t.call("/api/notifications", { cookie: me.cookie })).json()) as List;
    expect(mine.unreadCount).toBe(0);
    expect(mine.notifications.every((n) => n.readAt !== null)).toBe(true);
    expect(((await (await t.call("/api/notifications", { cookie: other.cookie })).json()) as List).unreadCount).toBe(1);
    expect((await t.call("/api/notifications/read-all", { method: "POST", cookie: me.cookie })).status).toBe(204);
  });
});
