/** Regenerates a results markdown from its JSON (`npx tsx bench/rewrite-report.ts bench/results/latest`). */
import { readFileSync, writeFileSync } from "node:fs";
import { markdown, summarise } from "./lib/report";
import type { RunResult } from "./lib/run-instance";

const stem = process.argv[2] ?? "bench/results/latest";
const data = JSON.parse(readFileSync(`${stem}.json`, "utf8")) as { meta: Record<string, string>; results: RunResult[] };
const summary = summarise(data.results);
writeFileSync(`${stem}.json`, `${JSON.stringify({ meta: data.meta, summary, results: data.results }, null, 1)}\n`);
writeFileSync(`${stem}.md`, markdown(data.results, summary, data.meta));
console.log(summary);
