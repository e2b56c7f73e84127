/** File readers over the solver's literature parsers. */
import { readFileSync } from "node:fs";
import {
  parseCvrp,
  parseLiLim,
  parseSolomon,
  parseTsplib,
  type BenchInstance,
  type SetName,
} from "../../packages/solver/src/literature/instances";

export type { BenchInstance, SetName };

export function readTsplib(path: string, name: string, bks: number): BenchInstance {
  return parseTsplib(readFileSync(path, "utf8"), name, bks);
}

export function readCvrp(path: string, set: SetName, name: string, bks: number, maxVehicles?: number): BenchInstance {
  return parseCvrp(readFileSync(path, "utf8"), set, name, bks, maxVehicles);
}

export function readSolomon(path: string, name: string, bks: number): BenchInstance {
  return parseSolomon(readFileSync(path, "utf8"), name, bks);
}

export function readLiLim(path: string, name: string, bks: number): BenchInstance {
  return parseLiLim(readFileSync(path, "utf8"), name, bks);
}
