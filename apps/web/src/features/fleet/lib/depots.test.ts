import { describe, expect, it } from "vitest";
import { depotLabel, roundedCoordinates, samePlace } from "@/features/fleet/lib/depots";

describe("depot labels (issue 25)", () => {
  it("rounds a place without a name to three decimals", () => {
    expect(roundedCoordinates(47.14101, 9.52149)).toBe("47.141, 9.521");
    expect(roundedCoordinates(-33.9, 151.2)).toBe("-33.900, 151.200");
  });

  it("uses the depot's address, else the address of a depot at the same place, else rounded coordinates", () => {
    const named = { lat: 47.14101, lng: 9.52102, address: "Vaduz, Liechtenstein" };
    expect(depotLabel({ lat: 1, lng: 2, address: " Städtle 1, Vaduz " })).toBe("Städtle 1, Vaduz");
    expect(depotLabel({ lat: 47.14105, lng: 9.52099 }, [null, named])).toBe("Vaduz, Liechtenstein");
    expect(depotLabel({ lat: 47.2, lng: 9.52 }, [named])).toBe("47.200, 9.520");
    expect(depotLabel({ lat: 47.2, lng: 9.52, address: "  " })).toBe("47.200, 9.520");
  });

  it("treats depots within about 10 m as the same place", () => {
    expect(samePlace({ lat: 47.14, lng: 9.52 }, { lat: 47.14005, lng: 9.52005 })).toBe(true);
    expect(samePlace({ lat: 47.14, lng: 9.52 }, { lat: 47.141, lng: 9.52 })).toBe(false);
    expect(samePlace(null, { lat: 47.14, lng: 9.52 })).toBe(false);
  });
});
