import { describe, expect, it } from "vitest";
import { parseAddressList } from "@/features/planner/lib/paste-list";

describe("parseAddressList", () => {
  it("takes one address per line and drops blank lines", () => {
    expect(parseAddressList("Vaduz, Liechtenstein\n\n  Schaan  \r\nBalzers\r\n")).toEqual(["Vaduz, Liechtenstein", "Schaan", "Balzers"]);
  });

  it("strips bullets and numbering but keeps house numbers and coordinates", () => {
    expect(parseAddressList("- Städtle 38, Vaduz\n• Triesen\n2. Eschen\n3) Mauren\n47.1, 9.5\n10 Downing Street")).toEqual([
      "Städtle 38, Vaduz",
      "Triesen",
      "Eschen",
      "Mauren",
      "47.1, 9.5",
      "10 Downing Street",
    ]);
  });

  it("keeps repeats in order", () => {
    expect(parseAddressList("A street\nB street\nA street")).toEqual(["A street", "B street", "A street"]);
  });
});
