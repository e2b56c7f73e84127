import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseArgs, runVroomJson } from "./routepilot-solve";

const bin = fileURLToPath(new URL("../../bin/routepilot-solve.mjs", import.meta.url));
const golden = fileURLToPath(new URL("../vroom/fixtures/golden-input.json", import.meta.url));

describe("routepilot-solve CLI", () => {
  it("parses VROOM's flags", () => {
    expect(parseArgs(["-i", "in.json", "-o", "out.json", "-l", "2.5", "-t", "2", "--seed", "9"])).toEqual({
      input: "in.json",
      output: "out.json",
      limitSeconds: 2.5,
      threads: 2,
      seed: 9,
    });
    expect(() => parseArgs(["-x"])).toThrow(/unknown option/);
    expect(() => parseArgs(["-l", "soon"])).toThrow(/bad value/);
  });

  it("answers code 2 for bad input, like VROOM", async () => {
    expect((await runVroomJson("{", { limitSeconds: 0.1, threads: 1, seed: 1 })).code).toBe(2);
    const out = await runVroomJson(JSON.stringify({ vehicles: [{ id: 1 }], jobs: [{ id: 1, location_index: 4 }], matrix: [[0]] }), {
      limitSeconds: 0.1,
      threads: 1,
      seed: 1,
    });
    expect(out.code).toBe(2);
    expect(out.error).toMatch(/jobs\[0\]\.location/);
  });

  it("runs as a process from the bin shim (file and stdin input)", () => {
    const run = spawnSync(process.execPath, [bin, "-i", golden, "-l", "0.1"], { encoding: "utf8", timeout: 30_000 });
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as { code: number; summary: { routes: number; unassigned: number } };
    expect(out.code).toBe(0);
    expect(out.summary.unassigned).toBe(2);
    const piped = spawnSync(process.execPath, [bin, "-l", "0.1", "-t", "2"], { input: JSON.stringify({ vehicles: [{ id: 1, start_index: 0 }], jobs: [{ id: 5, location_index: 1 }], matrix: [[0, 3], [3, 0]] }), encoding: "utf8", timeout: 30_000 });
    expect(piped.status).toBe(0);
    expect(JSON.parse(piped.stdout).summary.cost).toBe(3);
  });
});
