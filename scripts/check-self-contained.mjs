// Fails when a tracked file points outside the repository at the old sibling data folder
// (decision 003): everything tests, benchmarks and docs need must be inside the clone.
// Usage: node scripts/check-self-contained.mjs   (run by .ci/run; exits 1 with file:line list)
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

// Built from pieces so this file does not match itself.
const needles = ["..", "/shared"].join("") + "|" + ["/work", "/shared"].join("");
const patterns = needles.split("|");
const skipped = (path) => path === "package-lock.json" || path.endsWith("/package-lock.json") || path.split("/").includes("node_modules");

const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter((f) => f && !skipped(f));

const hits = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(`${root}/${file}`, "latin1");
  } catch {
    continue; // tracked but deleted in the work tree
  }
  if (!patterns.some((p) => text.includes(p))) continue;
  text.split("\n").forEach((line, i) => {
    if (patterns.some((p) => line.includes(p))) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 160)}`);
  });
}

if (hits.length > 0) {
  console.error(`check-self-contained: ${hits.length} line(s) point outside the repository (${patterns.join(", ")}); use datasets/ or docs/ instead:`);
  for (const h of hits) console.error(`  ${h}`);
  process.exit(1);
}
console.log(`check-self-contained ok: ${files.length} tracked files, none points at ${patterns.join(" or ")}`);
