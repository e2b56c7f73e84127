import { describe, expect, it } from "vitest";
import { PROFILE_BIT, barrierBlockMask, parseMaxspeed, wayRules } from "./road-rules";

const { car, van, truck, bicycle, foot } = PROFILE_BIT;
const all = car | van | truck | bicycle | foot;
const motor = car | van | truck;

describe("road rules", () => {
  it("opens residential streets to everyone both ways", () => {
    const r = wayRules({ highway: "residential" });
    expect(r.forward).toBe(all);
    expect(r.backward).toBe(all);
    expect(r.speedKmh).toEqual([25, 25 * 0.95, 25 * 0.9, 15, 5]);
  });

  it("keeps walkers and cyclists off motorways, which are implied one-way", () => {
    const r = wayRules({ highway: "motorway" });
    expect(r.forward).toBe(motor);
    expect(r.backward).toBe(0);
  });

  it("makes roundabouts one-way for vehicles but not for walkers", () => {
    const r = wayRules({ highway: "primary", junction: "roundabout" });
    expect(r.forward).toBe(all);
    expect(r.backward).toBe(foot);
  });

  it("reverses oneway=-1 and honours oneway:bicycle=no and cycleway=opposite", () => {
    expect(wayRules({ highway: "residential", oneway: "-1" })).toMatchObject({ forward: foot, backward: all });
    expect(wayRules({ highway: "residential", oneway: "yes", "oneway:bicycle": "no" })).toMatchObject({
      forward: all,
      backward: bicycle | foot,
    });
    expect(wayRules({ highway: "residential", oneway: "yes", cycleway: "opposite_lane" }).backward).toBe(bicycle | foot);
  });

  it("follows the access hierarchy", () => {
    expect(wayRules({ highway: "service", access: "private" }).forward).toBe(0);
    expect(wayRules({ highway: "pedestrian" }).forward).toBe(foot);
    expect(wayRules({ highway: "footway", bicycle: "yes" }).forward).toBe(bicycle | foot);
    expect(wayRules({ highway: "residential", motor_vehicle: "no" }).forward).toBe(bicycle | foot);
    expect(wayRules({ highway: "residential", hgv: "no" }).forward).toBe(all & ~truck);
    expect(wayRules({ highway: "residential", access: "no", motor_vehicle: "delivery" }).forward).toBe(motor);
    expect(wayRules({ highway: "track" }).forward).toBe(bicycle | foot);
    expect(wayRules({ highway: "steps" }).forward).toBe(foot);
    expect(wayRules({ highway: "primary", motorroad: "yes" }).forward).toBe(motor);
    expect(wayRules({ highway: "construction" }).forward).toBe(0);
    expect(wayRules({ highway: "residential", goods: "no" }).forward).toBe(all & ~van);
  });

  it("opens footways, tracks and pedestrian streets only through the mode's own key", () => {
    // Andorra's "Via Ferrata Bony": generic access=permissive must not let cars onto steps.
    expect(wayRules({ highway: "steps", access: "permissive" }).forward).toBe(foot);
    expect(wayRules({ highway: "footway", access: "yes" }).forward).toBe(foot);
    expect(wayRules({ highway: "track", motor_vehicle: "yes" }).forward).toBe(all);
    expect(wayRules({ highway: "pedestrian", motor_vehicle: "destination" }).forward).toBe(motor | foot);
    expect(wayRules({ highway: "trunk", sidewalk: "no" }).forward).toBe(motor | bicycle);
    expect(wayRules({ highway: "trunk", sidewalk: "no", foot: "yes" }).forward).toBe(all);
  });

  it("uses maxspeed when tagged, capped for trucks", () => {
    const r = wayRules({ highway: "motorway", maxspeed: "120" });
    expect(r.speedKmh[0]).toBeCloseTo(96);
    expect(r.speedKmh[2]).toBe(80);
    expect(parseMaxspeed("30 mph")).toBeCloseTo(48.28, 2);
    expect(parseMaxspeed("FR:urban")).toBe(50);
    expect(parseMaxspeed("CH:rural")).toBe(90);
    expect(parseMaxspeed("DE:zone30")).toBe(30);
    expect(parseMaxspeed("walk")).toBe(7);
    expect(parseMaxspeed("none")).toBeUndefined();
  });

  it("stops vehicles at barriers on nodes according to type and access tags", () => {
    expect(barrierBlockMask({})).toBe(0);
    expect(barrierBlockMask({ barrier: "bollard" })).toBe(motor);
    expect(barrierBlockMask({ barrier: "lift_gate" })).toBe(0);
    expect(barrierBlockMask({ barrier: "gate", access: "private" })).toBe(all);
    expect(barrierBlockMask({ barrier: "gate", access: "private", foot: "yes" })).toBe(motor | bicycle);
    expect(barrierBlockMask({ barrier: "gate", locked: "yes" })).toBe(motor | bicycle);
    expect(barrierBlockMask({ barrier: "stile" })).toBe(motor | bicycle);
    expect(barrierBlockMask({ barrier: "bollard", motor_vehicle: "yes" })).toBe(0);
  });
});
