// End-to-end benchmark of fleet planning over HTTP on loopback (issue 11 "Speed"):
// POST /api/teams/{id}/plans → matrix → engine in a worker thread → database, polled until done.
//   1. 200 orders × 10 vehicles, windows and capacities, haversine (target < 5 s)
//   2. 2,000 orders × 50 vehicles, haversine (target < 60 s; RSS < 1.5 GB; GET /api/health every
//      100 ms meanwhile, target < 100 ms)
//   3. 300 orders × 8 vehicles with the built-in OSM router on Liechtenstein (target < 15 s)
// Usage: npm run bench:fleet [-- small|large|osm ...]
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { PlanDetail } from "@routepilot/contracts";
import { subscribers } from "@routepilot/db";
import { startServer } from "../src/platform/realtime/server";
import { createTestApp, type TestApp } from "../src/test/harness";

const OSM = fileURLToPath(new URL("../../../datasets/osm/liechtenstein-2024-03-04.osm.pbf", import.meta.url));
const which = process.argv.slice(2);
const wanted = (name: string) => which.length === 0 || which.includes(name);

/** Deterministic points in a box; windows on half the orders, demand 1–3. */
function orders(n: number, box: { lat: number; lng: number; dLat: number; dLng: number }, seed = 1) {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, (_, i) => {
    const h = 8 + (i % 4) * 2;
    return {
      id: `o${i + 1}`,
      label: `Order ${i + 1}`,
      lat: box.lat + rnd() * box.dLat,
      lng: box.lng + rnd() * box.dLng,
      serviceMinutes: 3,
      demand: [1 + (i % 3)],
      ...(i % 2 === 0 ? { timeWindows: [{ start: `${String(h).padStart(2, "0")}:00`, end: `${String(h + 4).padStart(2, "0")}:00` }] } : {}),
    };
  });
}

/** Seconds as "10 h 47 min" (the bench reports total waiting, issue 25). */
const hm = (s: number) => {
  const minutes = Math.round(s / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
};

async function scenario(name: string, env: Record<string, string>, n: number, vehicleCount: number, box: { lat: number; lng: number; dLat: number; dLng: number; depot?: { lat: number; lng: number } }, target: number, watchHealth: boolean) {
  const t: TestApp = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "0", API_RATE_LIMIT: "0", ...env });
  const { server, port } = await startServer(t, { port: 0, hostname: "127.0.0.1" });
  const origin = `http://127.0.0.1:${port}`;
  // As in production (bootstrap warms the pool and loads the geo services outside tests): the solver
  // threads are started and the gazetteer indexed (≈0.7 s on the event loop) before the first plan.
  t.deps.solver.warm();
  await t.deps.geo.get();
  await new Promise((r) => setTimeout(r, 1500));
  try {
    const owner = await t.signUp(`fleet-bench-${name}@example.com`);
    await t.call("/api/me/plan", { cookie: owner.cookie });
    await t.deps.db.update(subscribers).set({ subscriptionTier: "fleet_pro", monthlyRouteLimit: 1_000_000 }).where(eq(subscribers.userId, owner.userId));
    const http = async (path: string, body?: unknown) => {
      const res = await fetch(`${origin}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { cookie: owner.cookie, origin, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const { id: teamId } = (await http("/api/teams", { name: "Bench" })) as { id: string };
    const depot = box.depot ?? { lat: box.lat + box.dLat / 2, lng: box.lng + box.dLng / 2 };
    const capacity = Math.ceil((n * 2 * 1.2) / vehicleCount);
    const vehicleIds: string[] = [];
    for (let k = 0; k < vehicleCount; k++) {
      const v = (await http(`/api/teams/${teamId}/vehicles`, { name: `Van ${k + 1}`, profile: "van", capacity: [capacity], shift: { start: "07:00", end: "19:00" }, start: depot, end: depot })) as { id: string };
      vehicleIds.push(v.id);
    }
    const body = { date: "2026-03-02", vehicleIds, orders: orders(n, box), objective: "min_time" };
    const health: number[] = [];
    let peakRss = process.memoryUsage().rss;
    let watching = true;
    const watcher = (async () => {
      while (watching && watchHealth) {
        const h0 = performance.now();
        await fetch(`${origin}/api/health`);
        health.push(performance.now() - h0);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const t0 = performance.now();
    const { id } = (await http(`/api/teams/${teamId}/plans`, body)) as { id: string };
    let plan: PlanDetail;
    let lastProgress = -1;
    for (;;) {
      plan = (await http(`/api/teams/${teamId}/plans/${id}`)) as unknown as PlanDetail;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (plan.progress !== lastProgress && plan.status === "solving") lastProgress = plan.progress;
      if (plan.status === "done" || plan.status === "failed") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    watching = false;
    await watcher;
    if (plan.status !== "done") throw new Error(`plan failed: ${plan.error}`);
    const totals = plan.totals!;
    const reasons = new Map<string, number>();
    for (const u of plan.unassigned) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
    health.sort((a, b) => a - b);
    const p = (q: number) => (health.length ? health[Math.min(health.length - 1, Math.floor(q * health.length))]!.toFixed(1) : "-");
    console.log(
      `${name}: ${n} orders × ${vehicleCount} vehicles (${env.ROUTING_PROVIDER}): ${seconds.toFixed(1)} s end to end (target < ${target} s) — ` +
        `${totals.assigned} assigned, ${totals.unassigned} unassigned${reasons.size ? ` (${[...reasons].map(([r, c]) => `${r} ${c}`).join(", ")})` : ""}, ${totals.vehiclesUsed} vehicles, ${(totals.distanceMeters / 1000).toFixed(0)} km; ` +
        `waiting ${hm(totals.waitingSeconds)} of ${hm(totals.durationSeconds)} on the road; ` +
        `peak RSS ${(peakRss / 1048576).toFixed(0)} MB` +
        (watchHealth ? `; GET /api/health meanwhile: ${health.length} calls, median ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms` : ""),
    );
  } finally {
    server.close();
    await t.close();
  }
}

const london = { lat: 51.42, lng: -0.3, dLat: 0.18, dLng: 0.36 };
// Liechtenstein's Rhine valley (the extract ends at the border), from a depot in Vaduz.
const vaduz = { lat: 47.1, lng: 9.5, dLat: 0.14, dLng: 0.06, depot: { lat: 47.141, lng: 9.5209 } };
if (wanted("small")) await scenario("small", { ROUTING_PROVIDER: "haversine" }, 200, 10, london, 5, true);
if (wanted("large")) await scenario("large", { ROUTING_PROVIDER: "haversine" }, 2000, 50, london, 60, true);
if (wanted("osm")) await scenario("osm", { ROUTING_PROVIDER: "osm", OSM_EXTRACT: OSM }, 300, 8, vaduz, 15, false);
process.exit(0);
