import { describe, expect, it } from "vitest";
import { mergeDrafts, nextDraftNumber } from "@/features/fleet/lib/draft-ids";
import type { DraftOrder } from "@/features/fleet/lib/order-import";

const row = (id: string, label = id): DraftOrder => ({ id, source: "Row 2", order: { id, label }, problems: [] });

describe("draft ids", () => {
  it("the next number is past every numbered id (o<n> and line-<n>), 1 when there is none", () => {
    expect(nextDraftNumber([])).toBe(1);
    expect(nextDraftNumber([row("row-9"), row("x")])).toBe(1);
    expect(nextDraftNumber([row("o3"), row("line-7"), row("o12")])).toBe(13);
  });

  it("rows typed while the saved ones loaded follow them; one with a saved row's id gets a new id, in the row and its order", () => {
    const saved = [row("o1", "Bakery"), row("line-2", "Post office")];
    const typed = [row("line-2", "Florist"), row("o9", "Butcher")];
    const merged = mergeDrafts(saved, typed);
    expect(merged.map((d) => [d.id, d.order.id, d.order.label])).toEqual([
      ["o1", "o1", "Bakery"],
      ["line-2", "line-2", "Post office"],
      ["o10", "o10", "Florist"],
      ["o9", "o9", "Butcher"],
    ]);
    expect(mergeDrafts(saved, [])).toEqual(saved);
  });
});
