// Real server processes for the scale-out test and the API load benchmark: `node --import tsx
// apps/server/src/{index,worker}.ts` on their own port, stopped gracefully or killed.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** A port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the API (`index`) or a worker on a free port with `env` on top of this process's
 * environment (PORT, HOST and BASE_URL set here); resolves once /api/health answers, or for a
 * worker once it logs that it consumes jobs. Throws with the process's output if it exits first or
 * is not ready within `timeoutMs`.
 */
export async function startServerProcess(script: "index" | "worker", env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", `apps/server/src/${script}.ts`], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", BASE_URL: base, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} process exited (${child.exitCode}):\n${output}`);
    try {
      if (script === "worker" ? output.includes("consuming jobs") : (await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${script} process did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, output: () => output };
}

/** SIGTERM (SIGKILL after 15 s, or at once with `kill`), resolved when the process has exited. */
export async function stopServerProcess(proc: ServerProcess | undefined, kill = false): Promise<void> {
  if (!proc || proc.child.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.child.once("exit", resolve));
  proc.child.kill(kill ? "SIGKILL" : "SIGTERM");
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
