// `npm run lint` (issue 29): test fixtures and benchmarks live where a reader expects them.
// Server fixtures only in apps/server/src/test/ (tests import them; dependency-cruiser's
// fixtures-live-in-test rule stops production code from doing so); benchmark entry points only
// in a bench/ folder (the root bench/, apps/server/bench/, packages/<p>/bench/), never in src/.
import { execFileSync } from "node:child_process";

const files = execFileSync("git", ["ls-files"], { encoding: "utf8" }).split("\n").filter(Boolean);
const problems = [];
for (const file of files) {
  const name = file.split("/").pop();
  if (file.startsWith("apps/server/") && /fixture/i.test(name) && !file.startsWith("apps/server/src/test/")) {
    problems.push(`${file}: server test fixtures live in apps/server/src/test/`);
  }
  const isBenchmark = /(^|[.-])bench\.(ts|mjs|js)$/.test(name) || /^bench[-.]/.test(name);
  if (isBenchmark && !/\.test\.ts$/.test(name) && !file.split("/").slice(0, -1).includes("bench")) {
    problems.push(`${file}: benchmarks live in a bench/ folder`);
  }
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`layout: ${files.length} files, fixtures and benchmarks where they belong`);
