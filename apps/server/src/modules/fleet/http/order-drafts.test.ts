import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_DRAFT_ORDERS, encryptionMessages, fleetMessages, messages, orderDraftMessages, type DraftOrderRow, type OrderDraft } from "@routepilot/contracts";
import { orderDrafts } from "@routepilot/db";
import { reencryptAll } from "../../security/key-rotation";
import { createTestApp, type TestApp } from "../../../test/harness";
import { account, addMember, createTeam, json, setTier, type Account } from "../../../test/team-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DATE = "2026-11-30";
const UNKNOWN_TEAM = "6f1d2f4e-1111-4222-8333-944455556666";

type Who = "owner" | "admin" | "manager" | "driver" | "member" | "outsider" | "otherManager" | "plainManager";

async function world(label: string) {
  const owner = await account(t, `${label}-owner`, "Olive Owner");
  await setTier(t, owner.userId, "fleet_pro");
  const teamId = await createTeam(t, owner, "Drafts Co");
  const people = { owner } as Record<Who, Account>;
  for (const role of ["admin", "manager", "driver", "member"] as const) {
    people[role] = await account(t, `${label}-${role}`, `Dana ${role}`);
    await addMember(t, teamId, people[role], role);
  }
  people.outsider = await account(t, `${label}-outsider`);
  // Another fleet team, with a manager of its own.
  const otherOwner = await account(t, `${label}-other-owner`);
  await setTier(t, otherOwner.userId, "fleet_pro");
  const otherTeamId = await createTeam(t, otherOwner, "Other Fleet");
  people.otherManager = await account(t, `${label}-other-manager`);
  await addMember(t, otherTeamId, people.otherManager, "manager");
  // A team whose owner is not on Fleet Pro.
  const plainOwner = await account(t, `${label}-plain-owner`);
  await setTier(t, plainOwner.userId, "enterprise");
  const plainTeamId = await createTeam(t, plainOwner, "Not Fleet");
  people.plainManager = await account(t, `${label}-plain-manager`);
  await addMember(t, plainTeamId, people.plainManager, "manager");
  return { teamId, otherTeamId, plainTeamId, people };
}
type World = Awaited<ReturnType<typeof world>>;

/** Rows as the planner holds them: a plannable one with a contact, one still being typed, one with a pickup. */
const rows: DraftOrderRow[] = [
  {
    id: "o1",
    source: "Row 2",
    order: { id: "o1", label: "Bakery Müller", address: "Hauptstrasse 1, Vaduz", lat: 47.14, lng: 9.52, serviceMinutes: 5, timeWindows: [{ start: "09:00", end: "12:00" }], demand: [3], skills: ["fridge"], priority: 10, notes: "Back door", contact: { name: "Jana Novak", email: "jana.novak@example.com", phone: "+423 555 0101" } },
    problems: [],
  },
  { id: "o2", source: "Row 3", order: { id: "o2", label: "Not found yet", address: "Nowhere Lane 99" }, problems: ['No place was found for "Nowhere Lane 99"', 'Demand 1 "piet.de.vries@example.com" is not a number'] },
  {
    id: "line-3",
    source: "Added by hand",
    order: { id: "line-3", label: "Pick and drop", lat: 47.15, lng: 9.53, timeWindows: [{ start: "12:00", end: "09:00" }], pickup: { label: "Warehouse", lat: 47.16, lng: 9.54, serviceMinutes: 0, timeWindows: [] } },
    problems: [fleetMessages.windowOrder],
  },
];

const path = (teamId: string, date = DATE) => `/api/teams/${teamId}/order-drafts/${date}`;
const put = (w: World, body: unknown, who: Who = "manager", teamId = w.teamId, date = DATE) => t.call(path(teamId, date), { method: "PUT", cookie: w.people[who].cookie, body });
const get = (w: World, who: Who = "manager", teamId = w.teamId, date = DATE) => t.call(path(teamId, date), { cookie: w.people[who].cookie });
const errorOf = async (res: Response) => (await json<{ error: { code: string; message: string; fields?: Record<string, string> } }>(res)).error;

describe("order drafts: PUT and GET /api/teams/{teamId}/order-drafts/{date}", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("drafts");
  });

  it("a day with nothing saved is 200 with no orders; what a manager saves is read back as it was sent, by the team's other managers too", async () => {
    const empty = await get(w);
    expect(empty.status).toBe(200);
    expect(await json(empty)).toEqual({ orders: [], updatedAt: null });

    const saved = await put(w, { orders: rows });
    expect(saved.status).toBe(200);
    const body = await json<OrderDraft>(saved);
    expect(body.orders).toEqual(rows);
    expect(Date.parse(body.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);

    for (const who of ["owner", "admin", "manager"] as const) {
      const res = await get(w, who);
      expect(res.status, who).toBe(200);
      expect(await json(res)).toEqual(body);
    }
    // Another day of the same team is untouched.
    expect(await json(await get(w, "manager", w.teamId, "2026-12-01"))).toEqual({ orders: [], updatedAt: null });
  });

  it("a save replaces the day's rows; an empty list clears the day", async () => {
    expect((await put(w, { orders: rows }, "owner", w.teamId, "2026-12-02")).status).toBe(200);
    const edited = [{ ...rows[1]!, order: { ...rows[1]!.order, label: "Typed again" } }];
    expect((await put(w, { orders: edited }, "admin", w.teamId, "2026-12-02")).status).toBe(200);
    expect((await json<OrderDraft>(await get(w, "manager", w.teamId, "2026-12-02"))).orders).toEqual(edited);
    const [stored] = await t.deps.db.select().from(orderDrafts).where(eq(orderDrafts.date, "2026-12-02"));
    expect(stored?.updatedBy).toBe(w.people.admin.userId);

    const cleared = await put(w, { orders: [] }, "manager", w.teamId, "2026-12-02");
    expect(cleared.status).toBe(200);
    expect(await json(cleared)).toEqual({ orders: [], updatedAt: null });
    expect(await json(await get(w, "manager", w.teamId, "2026-12-02"))).toEqual({ orders: [], updatedAt: null });
    expect(await t.deps.db.select().from(orderDrafts).where(eq(orderDrafts.date, "2026-12-02"))).toEqual([]);
  });

  it("contacts and problem messages are sealed at rest: the stored row holds no name, e-mail or phone of a customer", async () => {
    expect((await put(w, { orders: rows }, "manager", w.teamId, "2026-12-03")).status).toBe(200);
    const raw = (await t.deps.db.execute(sql`select orders::text as orders, sealed from order_drafts where team_id = ${w.teamId} and date = '2026-12-03'`)) as unknown as {
      rows: { orders: string; sealed: string }[];
    };
    const text = JSON.stringify(raw.rows);
    expect(raw.rows).toHaveLength(1);
    for (const secret of ["jana.novak@example.com", "Jana Novak", "+423 555 0101", "piet.de.vries@example.com"]) expect(text).not.toContain(secret);
    // What is kept in clear: the rows without them.
    expect(JSON.parse(raw.rows[0]!.orders)).toEqual(rows.map(({ id, source, order: { contact: _c, ...order } }) => ({ id, source, order })));
    expect(JSON.parse(raw.rows[0]!.sealed)).toMatchObject({ keyVersion: 1 });

    // A key rotation re-seals the column (SEALED_COLUMNS) and the rows read the same afterwards.
    const before = await json<OrderDraft>(await get(w, "manager", w.teamId, "2026-12-03"));
    const report = await reencryptAll(t.deps.db, t.deps.encryption, t.deps.logger);
    expect(report.map((r) => r.table)).toContain("order_drafts");
    expect((await json<OrderDraft>(await get(w, "manager", w.teamId, "2026-12-03"))).orders).toEqual(before.orders);

    // A sealed value that cannot be opened shows on every row as a problem, never as a silent plannable row.
    await t.deps.db.update(orderDrafts).set({ sealed: JSON.stringify({ data: "AAAA", salt: "AAAA", keyVersion: 1, timestamp: new Date().toISOString() }) }).where(eq(orderDrafts.date, "2026-12-03"));
    const broken = await json<OrderDraft>(await get(w, "manager", w.teamId, "2026-12-03"));
    expect(broken.orders.map((r) => r.problems)).toEqual(rows.map(() => [encryptionMessages.decryptionFailed]));
  });

  it("each caller: managers, admins and the owner read and write; drivers and members 403; other teams 404, a team not on Fleet Pro 403; signed out 401", async () => {
    expect((await put(w, { orders: rows }, "owner", w.teamId, "2026-12-04")).status).toBe(200);
    const stored = await t.deps.db.select().from(orderDrafts).where(eq(orderDrafts.date, "2026-12-04"));
    const expected: Record<Who, number> = { owner: 200, admin: 200, manager: 200, driver: 403, member: 403, outsider: 404, otherManager: 404, plainManager: 404 };
    for (const [who, status] of Object.entries(expected) as [Who, number][]) {
      const read = await get(w, who, w.teamId, "2026-12-04");
      expect(read.status, `GET as ${who}`).toBe(status);
      if (status !== 200) {
        const text = await read.text();
        expect(text, who).not.toContain("Bakery");
        if (status === 403) expect(JSON.parse(text).error.message).toBe(fleetMessages.notManager);
      }
      if (status !== 200) expect((await put(w, { orders: [rows[1]] }, who, w.teamId, "2026-12-04")).status, `PUT as ${who}`).toBe(status);
    }
    // Refused writes changed nothing.
    expect(await t.deps.db.select().from(orderDrafts).where(eq(orderDrafts.date, "2026-12-04"))).toEqual(stored);

    // The other team's managers see their own (empty) day, never this team's, and their own saves stay theirs.
    expect(await json(await get(w, "otherManager", w.otherTeamId, "2026-12-04"))).toEqual({ orders: [], updatedAt: null });
    expect((await put(w, { orders: [rows[1]] }, "otherManager", w.otherTeamId, "2026-12-04")).status).toBe(200);
    expect((await json<OrderDraft>(await get(w, "owner", w.teamId, "2026-12-04"))).orders).toEqual(rows);

    // A team not on Fleet Pro: its own manager gets 403 (no fleet access).
    const plain = await get(w, "plainManager", w.plainTeamId, "2026-12-04");
    expect(plain.status).toBe(403);
    expect((await errorOf(plain)).message).toBe(fleetMessages.noFleetAccess);
    // No such team, or a malformed team id: 404.
    expect((await get(w, "owner", UNKNOWN_TEAM)).status).toBe(404);
    expect((await get(w, "owner", "not-a-team")).status).toBe(404);

    for (const method of ["GET", "PUT"]) {
      const res = await t.call(path(w.teamId, "2026-12-04"), { method, ...(method === "PUT" ? { body: { orders: [] } } : {}) });
      expect(res.status, method).toBe(401);
    }
  });

  it("a bad date is a 400 with the date message, naming date", async () => {
    for (const date of ["2026-02-30", "30-11-2026", "tomorrow", "2026-13-01", "2026-11-3"]) {
      for (const res of [await get(w, "manager", w.teamId, date), await put(w, { orders: rows }, "manager", w.teamId, date)]) {
        expect(res.status, date).toBe(400);
        expect(await errorOf(res), date).toEqual({
          code: "VALIDATION_ERROR",
          message: orderDraftMessages.date,
          key: "orderDraft.date",
          fields: { date: orderDraftMessages.date },
          fieldKeys: { date: { key: "orderDraft.date" } },
        });
      }
    }
  });

  it("a bad body is a 400 naming the field, and nothing is written", async () => {
    const date = "2026-12-05";
    const cases: [unknown, string, string][] = [
      [{}, "orders", ""],
      [{ orders: "x" }, "orders", ""],
      [{ orders: [{ ...rows[0], id: "" }] }, "orders.0.id", orderDraftMessages.id],
      [{ orders: [rows[0], { ...rows[1], order: { ...rows[1]!.order, lat: "47" } }] }, "orders.1.order.lat", orderDraftMessages.number],
      [{ orders: [{ ...rows[0], order: { ...rows[0]!.order, notes: "n".repeat(5001) } }] }, "orders.0.order.notes", orderDraftMessages.tooLong(5000)],
      [{ orders: [{ ...rows[0], problems: Array.from({ length: 51 }, () => "x") }] }, "orders.0.problems", orderDraftMessages.tooMany(50)],
      [{ orders: [{ ...rows[0], order: { ...rows[0]!.order, label: "<img src=x onerror=alert(1)>" } }] }, "orders.0.order.label", messages.dangerous],
      [{ orders: [{ ...rows[0], order: { ...rows[0]!.order, contact: { name: "<script>x</script>" } } }] }, "orders.0.order.contact.name", messages.dangerous],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(w, body, "manager", w.teamId, date);
      expect(res.status, field).toBe(400);
      const error = await errorOf(res);
      expect(Object.keys(error.fields ?? {}), field).toEqual([field]);
      if (message) expect(error.fields?.[field], field).toBe(message);
    }
    const tooMany = await put(w, { orders: Array.from({ length: MAX_DRAFT_ORDERS + 1 }, (_, i) => ({ id: `o${i}`, source: "", order: { label: "" }, problems: [] })) }, "manager", w.teamId, date);
    expect(tooMany.status).toBe(400);
    expect((await errorOf(tooMany)).fields).toEqual({ orders: orderDraftMessages.tooManyOrders });
    const notJson = await t.call(path(w.teamId, date), { method: "PUT", cookie: w.people.manager.cookie, rawBody: "{orders:", headers: { "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(await t.deps.db.select().from(orderDrafts).where(eq(orderDrafts.date, date))).toEqual([]);
  });

  it("a full day of 10,000 rows fits the body limit and reads back", async () => {
    const many: DraftOrderRow[] = Array.from({ length: MAX_DRAFT_ORDERS }, (_, i) => ({
      id: `o${i + 1}`,
      source: `Row ${i + 2}`,
      order: { id: `o${i + 1}`, label: `Customer ${i + 1}`, address: `${i + 1} Long Street, Vaduz`, lat: 47 + i / 1e5, lng: 9.5, serviceMinutes: 5, contact: { email: `c${i}@example.com`, phone: "+423 555 0000" } },
      problems: [],
    }));
    const res = await put(w, { orders: many }, "manager", w.teamId, "2026-12-06");
    expect(res.status).toBe(200);
    const back = await json<OrderDraft>(await get(w, "manager", w.teamId, "2026-12-06"));
    expect(back.orders).toHaveLength(MAX_DRAFT_ORDERS);
    expect(back.orders[9_999]).toEqual(many[9_999]);
  }, 60_000);
});
