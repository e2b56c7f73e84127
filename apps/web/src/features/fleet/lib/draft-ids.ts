import type { DraftOrder } from "@/features/fleet/lib/order-import";

/** The numbered ids the orders editor gives new rows: "o12" (imported), "line-3" (pasted or added by hand). */
const NUMBERED_ID = /^(?:o|line-)(\d+)$/;

/** The first number no row's id uses yet (1 when none is numbered): new rows numbered from it cannot collide with saved ones. */
export function nextDraftNumber(drafts: readonly Pick<DraftOrder, "id">[]): number {
  let max = 0;
  for (const { id } of drafts) {
    const match = NUMBERED_ID.exec(id);
    if (match) max = Math.max(max, Number(match[1]));
  }
  return max + 1;
}

/**
 * The saved rows of a day followed by the rows typed while they were loading: a typed row whose id a
 * saved row already has gets a new one ("o<n>", past every numbered id), so no row replaces another.
 */
export function mergeDrafts(saved: readonly DraftOrder[], typed: readonly DraftOrder[]): DraftOrder[] {
  const taken = new Set(saved.map((d) => d.id));
  let next = nextDraftNumber([...saved, ...typed]);
  const added = typed.map((draft) => {
    if (!taken.has(draft.id)) {
      taken.add(draft.id);
      return draft;
    }
    let id = `o${next++}`;
    while (taken.has(id)) id = `o${next++}`;
    taken.add(id);
    return { ...draft, id, order: { ...draft.order, id } };
  });
  return [...saved, ...added];
}
