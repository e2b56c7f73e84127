// Type-checks every workspace with its own tsconfig (strict everywhere).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const projects = [
  "packages/contracts",
  "packages/db",
  "packages/solver",
  "packages/geo",
  "apps/server",
  "apps/web",
].filter((p) => existsSync(`${p}/tsconfig.json`));

let failed = false;
for (const project of projects) {
  const result = spawnSync("npx", ["tsc", "-p", project], { stdio: "inherit" });
  if (result.status !== 0) failed = true;
  else console.log(`typecheck ok: ${project}`);
}
process.exit(failed ? 1 : 0);
