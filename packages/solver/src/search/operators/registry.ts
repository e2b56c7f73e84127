import { CrossExchange } from "./cross-exchange";
import type { Operator } from "./operator";
import { OrOpt } from "./or-opt";
import { PairRelocate } from "./pair-relocate";
import { Relocate } from "./relocate";
import { Swap } from "./swap";
import { SwapTails } from "./swap-tails";
import { TwoOpt } from "./two-opt";

/** Every local-search move, one line each (CONVENTIONS rule 2). Order = evaluation order. */
export function createOperators(): Operator[] {
  return [new Relocate(), new Swap(), new OrOpt(), new TwoOpt(), new SwapTails(), new CrossExchange(), new PairRelocate()];
}
