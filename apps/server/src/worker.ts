// `npm run worker`: a consumer-only process (no HTTP) on the same DATABASE_URL as the API
// processes (decision 013). It runs the queue's consumers — API jobs, the periodic tasks — and
// stops gracefully on SIGTERM/SIGINT: jobs in progress finish, or are retried by another worker.
import { existsSync } from "node:fs";
import { ExtractLoadError } from "@routepilot/geo";
import { EnvError, loadEnv } from "./lib/env";
import { buildRuntime } from "./bootstrap";
import { createLogger } from "./lib/logger";
import { startConsumers } from "./background/consumers";

async function main(): Promise<void> {
  // Like `npm start`: a .env in the working directory is read first.
  if (existsSync(".env")) process.loadEnvFile(".env");
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`RoutePilot worker cannot start.\n${error.message}\nSee .env.example for every variable.`);
      process.exit(1);
    }
    throw error;
  }
  if (!env.DATABASE_URL) {
    // The embedded database belongs to one process: the API server runs the consumers itself.
    console.error("RoutePilot worker cannot start.\nDATABASE_URL: a worker shares a PostgreSQL server with the API processes (without it, the server runs the consumers itself).");
    process.exit(1);
  }
  // A worker always consumes (WORKERS=0 is for API processes): it starts its consumers itself, in any NODE_ENV.
  const concurrency = Math.max(1, env.WORKERS);
  const logger = createLogger(env.LOG_LEVEL);
  let runtime;
  try {
    runtime = await buildRuntime({ ...env, WORKERS: 0 }, logger);
  } catch (error) {
    if (error instanceof ExtractLoadError) {
      console.error(`RoutePilot worker cannot start.\n${error.message}\nSee .env.example for every variable.`);
      process.exit(1);
    }
    throw error;
  }
  const consumerDeps = { ...runtime.deps, env: { ...runtime.deps.env, WORKERS: concurrency } };
  const stopConsumers = await startConsumers(consumerDeps);
  logger.info({ database: runtime.deps.database.kind, concurrency }, "RoutePilot worker consuming jobs");
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "worker shutting down: finishing jobs in progress");
    stopConsumers();
    runtime
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, "error while closing");
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error("RoutePilot worker failed to start:", error);
  process.exit(1);
});
