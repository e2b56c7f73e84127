#!/usr/bin/env node
// VROOM-compatible command line: registers tsx so the TypeScript sources run without a build.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/routepilot-solve.ts");
process.exitCode = await main(process.argv.slice(2));
