// The consumers a process runs when WORKERS > 0: the periodic tasks and the API jobs. The API
// process runs them by default; `npm run worker` runs only them; WORKERS=0 turns them off.
import type { AppDeps } from "../lib/context";
import { startPeriodicTasks } from "./periodic";

export async function startConsumers(deps: AppDeps): Promise<() => void> {
  const boss = await deps.queue.boss();
  const stopPeriodic = await startPeriodicTasks(deps, boss);
  return () => {
    stopPeriodic();
  };
}
