import type { Instance } from "../model/instance";
import type { ProgressEvent } from "../model/types";
import type { Rng } from "../util/rng";
import type { Stopping } from "../search/stopping";

export function isPlainTsp(_inst: Instance): boolean {
  return false;
}

export function solvePlainTsp(_inst: Instance, _rng: Rng, _stop: Stopping, _onProgress?: (e: ProgressEvent) => void): { tasks: number[]; iterations: number } {
  return { tasks: [], iterations: 0 };
}
