import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { createJobQueue, type JobQueue } from "./queue";
import { startPeriodicTasks } from "./periodic";

let t: TestApp;
let other: JobQueue;

beforeAll(async () => {
  t = await createTestApp();
  // A second process on the same database: its own pg-boss instance.
  other = createJobQueue({ database: t.deps.database, logger: t.deps.logger });
}, 120_000);

afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe("job queue on the application's database", () => {
  it("a job sent by one instance is worked by another and its output is kept", async () => {
    const boss = await t.deps.queue.boss();
    const second = await other.boss();
    await boss.createQueue("queue-test");
    const id = await boss.send("queue-test", { n: 20 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const seen: number[] = [];
    await second.work<{ n: number }>("queue-test", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      seen.push(job!.data.n);
      return { doubled: job!.data.n * 2 };
    });
    await expect.poll(async () => (await boss.getJobById("queue-test", id!))?.state, { timeout: 20_000, interval: 200 }).toBe("completed");
    expect(seen).toEqual([20]);
    expect((await boss.getJobById("queue-test", id!))?.output).toEqual({ doubled: 40 });
  }, 60_000);

  it("a periodic task offered by two processes in the same period runs once", async () => {
    let runs = 0;
    const task = {
      name: "periodic-test",
      everySeconds: 3600,
      run: async () => {
        runs++;
      },
    };
    const stops = [await startPeriodicTasks(t.deps, await t.deps.queue.boss(), [task]), await startPeriodicTasks(t.deps, await other.boss(), [task])];
    try {
      await expect.poll(() => runs, { timeout: 20_000, interval: 200 }).toBe(1);
      // Both keep offering (every 5 s): the hour's slot already holds its job, nothing more runs.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(runs).toBe(1);
      const boss = await t.deps.queue.boss();
      expect(await boss.send(task.name, {}, { singletonKey: task.name, singletonSeconds: task.everySeconds })).toBeNull();
    } finally {
      for (const stop of stops) stop();
    }
  }, 60_000);

  it("npm run worker refuses to start without DATABASE_URL (the embedded database belongs to the server), without a stack trace", () => {
    const root = fileURLToPath(new URL("../../../../", import.meta.url));
    const run = spawnSync(process.execPath, ["--import", "tsx", "apps/server/src/worker.ts"], { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test", DATABASE_URL: "" }, encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("RoutePilot worker cannot start.\nDATABASE_URL:");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);
});
