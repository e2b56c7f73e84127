// Worker entry that can load TypeScript (under tsx and under Vitest, whose transforms do not
// reach worker threads): registers tsx's ESM loader, then runs the TS worker.
import { register } from "tsx/esm/api";

register();
await import("./solver-worker.ts");
