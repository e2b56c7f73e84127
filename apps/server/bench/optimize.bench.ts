// End-to-end benchmark of POST /api/routes/optimize through app.request (no network):
// validation, quota, haversine matrix, solver in a worker thread, storage and the response.
// Usage: npx tsx apps/server/bench/optimize.bench.ts [stops=100] [runs=5]
import { eq } from "drizzle-orm";
import { subscribers } from "@routepilot/db";
import type { OptimizeRouteResponse } from "@routepilot/contracts";
import { createTestApp } from "../src/test/harness";

const stopCount = Number(process.argv[2] ?? 100);
const runs = Number(process.argv[3] ?? 5);

/** Deterministic pseudo-random points in a 20 × 20 km square around Vaduz. */
function points(n: number, seed: number) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: n }, (_, i) => ({ lat: 47.05 + rnd() * 0.18, lng: 9.43 + rnd() * 0.26, label: `Stop ${i + 1}` }));
}

const t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "0", ROUTING_PROVIDER: "haversine" });
try {
  const user = await t.signUp("bench@example.com");
  await t.call("/api/me/usage", { cookie: user.cookie });
  await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 1_000_000 }).where(eq(subscribers.userId, user.userId));
  const request = async (seed: number) => {
    const body = { start: { lat: 47.1415, lng: 9.5215 }, roundTrip: true, stops: points(stopCount, seed) };
    const t0 = performance.now();
    const res = await t.call("/api/routes/optimize", { cookie: user.cookie, body });
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
    const out = (await res.json()) as OptimizeRouteResponse;
    return { ms, route: out.route };
  };
  // Warm-up: starts the solver thread and loads the gazetteer (once per process in production).
  const warm = await request(999);
  console.log(`warm-up (thread start + first request): ${warm.ms.toFixed(0)} ms`);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { ms, route } = await request(i + 1);
    times.push(ms);
    console.log(
      `run ${i + 1}: ${ms.toFixed(0)} ms, ${route.stops.length} stops, ${(route.distanceMeters / 1000).toFixed(1)} km vs ${((route.originalDistanceMeters ?? 0) / 1000).toFixed(1)} km typed (saving ${route.savingPercent}%)`,
    );
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  console.log(`${stopCount} stops, haversine, ${runs} runs: median ${median.toFixed(0)} ms, max ${(times.at(-1) as number).toFixed(0)} ms (target < 1000 ms)`);
} finally {
  await t.close();
}
