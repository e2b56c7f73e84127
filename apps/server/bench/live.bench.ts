// Load benchmark of live operations (issue 12): 200 drivers on dispatched routes post their
// position every 5 s to one server process over HTTP on loopback, while a manager's WebSocket
// counts every driver_position message. Prints p50/p95/p99 of the position POSTs and
// delivered/sent. Targets: p99 < 100 ms, 100 % delivered. Stops by itself (60 s by default).
// Usage: npm run bench:live [-- drivers=200 seconds=60 every=5]
import { eq } from "drizzle-orm";
import { WebSocket } from "ws";
import { DEFAULT_FLEET_TIME_ZONE, liveMessageTypes, localDate } from "@routepilot/contracts";
import { plans, routeStops, routes, subscribers, teamMembers } from "@routepilot/db";
import { startServer } from "../src/platform/realtime/server";
import { BASE, createTestApp } from "../src/test/harness";

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`${name}=`))?.split("=")[1] ?? fallback);
const DRIVERS = arg("drivers", 200);
const SECONDS = arg("seconds", 60);
const EVERY_MS = arg("every", 5) * 1000;

const t = await createTestApp({ API_RATE_LIMIT: "0", ROUTE_OPTIMIZATION_RATE_LIMIT: "0", ROUTING_PROVIDER: "haversine" });
const { server, port } = await startServer(t, { port: 0, hostname: "127.0.0.1" });
const origin = `http://127.0.0.1:${port}`;
const date = localDate(Date.now(), DEFAULT_FLEET_TIME_ZONE);
const depot = { lat: 51.5074, lng: -0.1278 };

async function call(path: string, cookie: string, body?: unknown): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { cookie, origin: BASE, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
async function ok<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

try {
  console.log(`setting up: a team with ${DRIVERS} drivers, each with a dispatched route of 3 stops for ${date}…`);
  const setup0 = performance.now();
  const owner = await t.signUp("live-bench-owner@example.com", undefined, "Bench Owner");
  await ok(call("/api/me/plan", owner.cookie));
  await t.deps.db.update(subscribers).set({ subscriptionTier: "fleet_pro", monthlyRouteLimit: 1_000_000 }).where(eq(subscribers.userId, owner.userId));
  const { id: teamId } = await ok<{ id: string }>(call("/api/teams", owner.cookie, { name: "Live bench" }));
  const drivers: { cookie: string; userId: string }[] = [];
  for (let i = 0; i < DRIVERS; i++) {
    const d = await t.signUp(`live-bench-driver-${i}@example.com`, undefined, `Driver ${i}`);
    await t.deps.db.insert(teamMembers).values({ teamId, userId: d.userId, role: "driver", quotaAllocation: 0 });
    drivers.push(d);
  }
  // The day's dispatched routes, written directly (planning 200 vans is bench:fleet's subject): 3 stops each, departing now.
  const [plan] = await t.deps.db.insert(plans).values({ teamId, createdBy: owner.userId, date, status: "done", progress: 1, dispatchedAt: new Date() }).returning({ id: plans.id });
  const departure = new Intl.DateTimeFormat("en-GB", { timeZone: DEFAULT_FLEET_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date());
  let seed = 1;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (const [i, d] of drivers.entries()) {
    const [route] = await t.deps.db
      .insert(routes)
      .values({ userId: owner.userId, teamId, planId: plan!.id, driverUserId: d.userId, name: `Van ${i + 1} · ${date}`, departureTime: departure, start: { label: "Depot", address: null, ...depot }, distanceM: 9000, durationS: 3600, provider: "haversine" })
      .returning({ id: routes.id });
    await t.deps.db.insert(routeStops).values(
      [1, 2, 3].map((k) => ({
        routeId: route!.id,
        sequence: k,
        inputIndex: k - 1,
        label: `Order ${i}-${k}`,
        lat: depot.lat + (rnd() - 0.5) * 0.2,
        lng: depot.lng + (rnd() - 0.5) * 0.3,
        serviceS: 180,
        arrivalS: k * 900,
        departureS: k * 900 + 180,
        legDistanceM: 3000,
        legDurationS: 720,
        orderId: `o-${i}-${k}`,
        kind: "delivery",
      })),
    );
  }
  const active = drivers;
  // Each driver starts: "arrived" at the first stop puts the route in progress.
  for (const d of active) {
    const { routes } = await ok<{ routes: { stops: { id: string }[] }[] }>(call(`/api/driver/routes?date=${date}`, d.cookie));
    await ok(call(`/api/driver/stops/${routes[0]!.stops[0]!.id}/events`, d.cookie, { clientEventId: `bench-start-${d.userId}`, type: "arrived", at: new Date().toISOString() }));
  }
  console.log(`set up in ${((performance.now() - setup0) / 1000).toFixed(1)} s: ${active.length} drivers with a route in progress`);

  // The manager's socket.
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie: owner.cookie, origin: BASE } });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  let delivered = 0;
  socket.on("message", (raw) => {
    const m = JSON.parse(String(raw)) as { type?: string };
    if (m.type === liveMessageTypes.driverPosition) delivered++;
  });

  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  const end = Date.now() + SECONDS * 1000;
  const runDriver = async (d: { cookie: string }, index: number) => {
    // Spread the drivers over the 5 s period, as real phones would be.
    await new Promise((r) => setTimeout(r, (index / active.length) * EVERY_MS));
    let lat = depot.lat + index * 0.0001;
    while (Date.now() < end) {
      const tick = Date.now();
      lat += 0.0003;
      const t0 = performance.now();
      const res = await call("/api/driver/positions", d.cookie, [{ lat, lng: depot.lng, accuracy: 8, heading: 0, speed: 10, at: new Date().toISOString() }]);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status === 200) sent++;
      else failed++;
      await new Promise((r) => setTimeout(r, Math.max(0, EVERY_MS - (Date.now() - tick))));
    }
  };
  console.log(`running: each driver posts a position every ${EVERY_MS / 1000} s for ${SECONDS} s…`);
  await Promise.all(active.map(runDriver));
  // Let the last messages arrive.
  const settle = Date.now() + 5000;
  while (delivered < sent && Date.now() < settle) await new Promise((r) => setTimeout(r, 50));
  socket.close();

  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    `bench:live: ${active.length} drivers × 1 position every ${EVERY_MS / 1000} s for ${SECONDS} s → ${latencies.length} POST /api/driver/positions (${failed} failed): ` +
      `p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms (target p99 < 100 ms); ` +
      `manager socket: ${delivered}/${sent} driver_position messages delivered (${((100 * delivered) / Math.max(1, sent)).toFixed(1)} %, target 100 %)`,
  );
} finally {
  server.close();
  await t.close();
}
process.exit(0);
