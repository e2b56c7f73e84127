// Worker entry that can load TypeScript: registers tsx's ESM loader, then runs the TS worker.
// Used both under tsx and under Vitest, whose transforms do not reach worker threads.
import { register } from "tsx/esm/api";

register();
await import("./worker-entry.ts");
