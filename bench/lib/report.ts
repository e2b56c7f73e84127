/** Per-set statistics and text/markdown tables for benchmark results. */
import type { RunResult } from "./run-instance";

export interface SetSummary {
  set: string;
  runs: number;
  instances: number;
  feasible: number;
  meanGapPct: number;
  medianGapPct: number;
  maxGapPct: number;
  meanTimeS: number;
  /** Routes used over all runs, and the best-known vehicles over the same runs (sets with hierarchical BKS). */
  routes?: number;
  bksRoutes?: number;
  /** Runs that use the best-known vehicle count. */
  atBksRoutes?: number;
  /** VROOM 1.14's recorded answers on the same instances: mean gap %, routes, mean wall seconds. */
  vroom?: { meanGapPct: number; routes: number; meanWallS: number };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function summarise(results: RunResult[]): SetSummary[] {
  const sets = [...new Set(results.map((r) => r.set))];
  return sets.map((set) => {
    const rs = results.filter((r) => r.set === set);
    // Gap statistics over feasible runs only: an infeasible run (e.g. a job left unassigned) can look "better" than the BKS.
    const ok = rs.filter((r) => r.feasible);
    const gaps = ok.length ? ok.map((r) => r.gapPct) : [NaN];
    return {
      set,
      runs: rs.length,
      instances: new Set(rs.map((r) => r.name)).size,
      feasible: rs.filter((r) => r.feasible).length,
      meanGapPct: gaps.reduce((a, b) => a + b, 0) / gaps.length,
      medianGapPct: median(gaps),
      maxGapPct: Math.max(...gaps),
      meanTimeS: rs.reduce((a, r) => a + r.timeS, 0) / rs.length,
      ...routeStats(rs),
    };
  });
}

function routeStats(rs: RunResult[]): Partial<SetSummary> {
  if (!rs.every((r) => r.bksVehicles !== undefined)) return {};
  const out: Partial<SetSummary> = {
    routes: rs.reduce((a, r) => a + r.vehicles, 0),
    bksRoutes: rs.reduce((a, r) => a + r.bksVehicles!, 0),
    atBksRoutes: rs.filter((r) => r.feasible && r.vehicles === r.bksVehicles).length,
  };
  if (rs.every((r) => r.vroom)) {
    out.vroom = {
      meanGapPct: rs.reduce((a, r) => a + ((r.vroom!.cost - r.bks) / r.bks) * 100, 0) / rs.length,
      routes: rs.reduce((a, r) => a + r.vroom!.routes, 0),
      meanWallS: rs.reduce((a, r) => a + r.vroom!.wallS, 0) / rs.length,
    };
  }
  return out;
}

/** One line per set on routes and VROOM's recorded answers, for sets that have them. */
export function routeLine(s: SetSummary): string | undefined {
  if (s.routes === undefined) return undefined;
  const v = s.vroom ? `; VROOM 1.14 recorded: mean gap ${s.vroom.meanGapPct.toFixed(2)} %, ${s.vroom.routes} routes, ${s.vroom.meanWallS.toFixed(2)} s` : "";
  return `${s.set}: ${s.routes} routes against the best-known ${s.bksRoutes} (best-known count on ${s.atBksRoutes}/${s.runs})${v}`;
}

const f2 = (x: number): string => x.toFixed(2);

export function rowText(r: RunResult): string {
  const veh = r.bksVehicles !== undefined ? ` veh ${r.vehicles}/${r.bksVehicles}` : "";
  return `${r.set.padEnd(7)} ${r.name.padEnd(14)} n=${String(r.n).padStart(4)} seed=${r.seed} cost=${String(r.cost).padStart(10)} bks=${String(r.bks).padStart(10)} gap=${f2(r.gapPct).padStart(6)}% time=${r.timeS.toFixed(2)}s ${r.feasible ? "feasible" : `INFEASIBLE ${r.violations.join("; ")} unassigned=${r.unassigned}`}${veh}`;
}

export function markdown(results: RunResult[], summary: SetSummary[], meta: Record<string, string>): string {
  const lines: string[] = ["# RoutePilot solver benchmark", ""];
  for (const [k, v] of Object.entries(meta)) lines.push(`- ${k}: ${v}`);
  lines.push("", "## Summary", "", "| set | instances | runs | feasible | mean gap % (feasible runs) | median gap % | max gap % | mean time s |", "|---|---|---|---|---|---|---|---|");
  for (const s of summary) {
    lines.push(`| ${s.set} | ${s.instances} | ${s.runs} | ${s.feasible}/${s.runs} | ${f2(s.meanGapPct)} | ${f2(s.medianGapPct)} | ${f2(s.maxGapPct)} | ${f2(s.meanTimeS)} |`);
  }
  for (const s of summary) {
    const line = routeLine(s);
    if (line) lines.push("", `- ${line}`);
  }
  for (const s of summary) {
    lines.push("", `## ${s.set}`, "", "| instance | n | seed | cost | best-known | gap % | time s | feasible | vehicles |", "|---|---|---|---|---|---|---|---|---|");
    for (const r of results.filter((x) => x.set === s.set)) {
      const veh = `${r.bksVehicles !== undefined ? `${r.vehicles} (bks ${r.bksVehicles})` : String(r.vehicles)}${r.vroom ? `; VROOM ${r.vroom.cost}, ${r.vroom.routes} routes` : ""}`;
      lines.push(`| ${r.name} | ${r.n} | ${r.seed} | ${r.cost} | ${r.bks} | ${f2(r.gapPct)} | ${r.timeS.toFixed(2)} | ${r.feasible ? "yes" : "NO"} | ${veh} |`);
    }
  }
  return `${lines.join("\n")}\n`;
}
