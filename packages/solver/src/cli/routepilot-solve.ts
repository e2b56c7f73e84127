import { readFileSync, writeFileSync } from "node:fs";
import { InvalidProblemError } from "../model/errors";
import type { VroomOutput } from "../vroom/vroom-types";
import { fromVroomInput } from "../vroom/from-vroom";
import { toVroomOutput } from "../vroom/to-vroom";
import { solveParallel } from "../worker/solve-in-worker";
import { solve } from "../solve";

export interface CliArgs {
  input?: string;
  output?: string;
  limitSeconds: number;
  threads: number;
  seed: number;
}

const USAGE = `Usage: routepilot-solve [-i input.json] [-o output.json] [-l seconds (default 1)] [-t threads (default 1)] [--seed N (default 1)]
Reads a VROOM-format problem (stdin when -i is absent) and prints a VROOM-format solution.`;

/** Parses VROOM-compatible flags. Throws on unknown flags or bad values. */
export function parseArgs(argv: readonly string[]): CliArgs | "help" {
  const args: CliArgs = { limitSeconds: 1, threads: 1, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    const num = (min: number): number => {
      const raw = value();
      const v = Number(raw);
      if (!Number.isFinite(v) || v < min) throw new Error(`${flag}: bad value ${raw}`);
      return v;
    };
    if (flag === "-h" || flag === "--help") return "help";
    else if (flag === "-i" || flag === "--input") args.input = value();
    else if (flag === "-o" || flag === "--output") args.output = value();
    else if (flag === "-l" || flag === "--limit") args.limitSeconds = num(0);
    else if (flag === "-t" || flag === "--threads") args.threads = Math.floor(num(1));
    else if (flag === "--seed") args.seed = Math.floor(num(0));
    else throw new Error(`unknown option ${flag}\n${USAGE}`);
  }
  return args;
}

/** Solves a VROOM JSON text; returns the VROOM output object (code 2 for bad input, as VROOM does). */
export async function runVroomJson(text: string, args: CliArgs, now: () => number = () => performance.now()): Promise<VroomOutput> {
  const t0 = now();
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (e) {
    return { code: 2, error: `Invalid JSON: ${(e as Error).message}` };
  }
  try {
    const problem = fromVroomInput(input);
    const loadingMs = now() - t0;
    const options = { seed: args.seed, timeLimitMs: args.limitSeconds * 1000 };
    const solution = args.threads > 1 ? await solveParallel(problem, { ...options, threads: args.threads }) : solve(problem, options);
    return toVroomOutput(problem, solution, loadingMs);
  } catch (e) {
    if (e instanceof InvalidProblemError) return { code: 2, error: e.message };
    return { code: 1, error: e instanceof Error ? e.message : String(e) };
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** CLI entry: exit code 0 on success, 1 internal error, 2 input error (VROOM's codes). */
export async function main(argv: readonly string[]): Promise<number> {
  let args: CliArgs | "help";
  try {
    args = parseArgs(argv);
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
  if (args === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let text: string;
  try {
    text = args.input ? readFileSync(args.input, "utf8") : await readStdin();
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
  const out = await runVroomJson(text, args);
  const json = JSON.stringify(out);
  if (args.output) writeFileSync(args.output, `${json}\n`);
  else process.stdout.write(`${json}\n`);
  return out.code;
}
