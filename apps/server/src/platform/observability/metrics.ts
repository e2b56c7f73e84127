import { createHash, timingSafeEqual } from "node:crypto";
import { prometheus } from "@hono/prometheus";
import type { Context, MiddlewareHandler } from "hono";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { RequestWindows, SolveTimes } from "./windows";
import type { MetricSources, Metrics } from "../../lib/ports";
export type { MailBacklog, MetricSources, Metrics, SolverStats } from "../../lib/ports";

const SOLVE_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60];

export function createMetrics(options: { prometheus: boolean }): Metrics {
  const requests = new RequestWindows();
  const solves = new SolveTimes();
  let sources: MetricSources | null = null;

  const count: MiddlewareHandler = async (c, next) => {
    try {
      await next();
    } finally {
      requests.record(c.res.status);
    }
  };

  if (!options.prometheus) {
    return { requests, solves, middleware: count, onSolved: (ms) => solves.record(ms), watch: (s) => void (sources = s), registry: null };
  }

  const registry = new Registry();
  // Request count and duration by method, route pattern and status (@hono/prometheus), process and Node.js defaults.
  const { registerMetrics } = prometheus({ registry, collectDefaultMetrics: false });
  collectDefaultMetrics({ register: registry });
  const serverErrors = new Counter({ name: "routepilot_http_server_errors_total", help: "HTTP answers with a 5xx status", labelNames: ["route"], registers: [registry] });
  const solveTime = new Histogram({
    name: "routepilot_solver_solve_duration_seconds",
    help: "Worker time of one route optimisation",
    labelNames: ["outcome"],
    buckets: SOLVE_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "routepilot_solver_queue_length",
    help: "Optimisations waiting for a solver thread",
    registers: [registry],
    collect() {
      if (sources) this.set(sources.solver().queued);
    },
  });
  new Gauge({
    name: "routepilot_solver_busy_workers",
    help: "Solver threads solving now",
    registers: [registry],
    collect() {
      if (sources) this.set(sources.solver().busy);
    },
  });
  new Gauge({
    name: "routepilot_solver_workers",
    help: "Solver threads configured (SOLVER_WORKERS)",
    registers: [registry],
    collect() {
      if (sources) this.set(sources.solver().workers);
    },
  });
  new Gauge({
    name: "routepilot_mail_outbox_backlog",
    help: "Outbox e-mails not delivered, by status (queued, failed)",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      if (!sources) return;
      const backlog = await sources.mailBacklog();
      this.set({ status: "queued" }, backlog.queued);
      this.set({ status: "failed" }, backlog.failed);
    },
  });

  const middleware: MiddlewareHandler = async (c, next) => {
    await count(c, async () => {
      await registerMetrics(c, async () => {
        try {
          await next();
        } finally {
          if (c.res.status >= 500) serverErrors.inc({ route: c.req.routePath });
        }
      });
    });
  };

  return {
    requests,
    solves,
    middleware,
    onSolved(ms, ok) {
      solves.record(ms);
      solveTime.observe({ outcome: ok ? "solved" : "failed" }, ms / 1000);
    },
    watch: (s) => void (sources = s),
    registry,
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether `Authorization` is `Bearer <token>`, compared in constant time (hashes of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header?.trim() ?? "");
  const given = match?.[1]?.trim() ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * GET /metrics: 404 without METRICS_TOKEN (as if there were no such path), 401 without the right
 * bearer token, else the Prometheus text format.
 */
export function metricsEndpoint(token: string | undefined, metrics: Metrics) {
  return async (c: Context) => {
    const notFound = { error: { code: "NOT_FOUND", message: "Not found" } };
    if (!token || !metrics.registry) return c.json(notFound, 404);
    if (!bearerMatches(c.req.header("authorization"), token)) {
      return c.json({ error: { code: "UNAUTHENTICATED", message: "A valid metrics token is required" } }, 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    return c.body(await metrics.registry.metrics(), 200, { "Content-Type": metrics.registry.contentType });
  };
}
