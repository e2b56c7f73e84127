// The only file that listens. Parses the environment, opens the database (applying
// migrations), serves HTTP and the realtime WebSocket, and shuts down gracefully on SIGTERM/SIGINT.
import { ExtractLoadError } from "@routepilot/geo";
import { EnvError, loadEnv } from "./lib/env";
import { buildRuntime } from "./bootstrap";
import { createLogger } from "./lib/logger";
import { startServer } from "./platform/realtime/server";
import { startPlanRecovery } from "./modules/fleet/plans";

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`RoutePilot cannot start.\n${error.message}\nSee .env.example for every variable.`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  let runtime;
  try {
    runtime = await buildRuntime(env, logger);
  } catch (error) {
    // A bad OSM_EXTRACT is a configuration mistake: say which variable, no stack trace.
    if (error instanceof ExtractLoadError) {
      console.error(`RoutePilot cannot start.\n${error.message}\nSee .env.example for every variable.`);
      process.exit(1);
    }
    throw error;
  }
  const { server, port } = await startServer(runtime, { port: env.PORT, hostname: env.HOST });
  // Fleet plans a previous process left queued or solving are solved again (their orders are stored).
  startPlanRecovery(runtime.deps);
  logger.info(
    { port, database: runtime.deps.database.kind, mail: env.SMTP_URL ? "smtp" : "outbox" },
    `RoutePilot listening on http://localhost:${port}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // WebSockets never finish on their own: close them (1001) so clients reconnect elsewhere.
    runtime.deps.sockets.close();
    const force = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      try {
        await runtime.close();
        logger.info("database closed; bye");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while closing");
        process.exit(1);
      }
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error("RoutePilot failed to start:", error);
  process.exit(1);
});
