import { PROFILES, type Profile } from "../types";
import type { OsmTags } from "./pbf-parser";

/**
 * Access, one-way and speed rules for the built-in router, per profile.
 * Modelled on the OSM wiki's access hierarchy and OSRM's default profiles, simplified:
 * no turn restrictions, no barriers on nodes, no time-dependent tags.
 */

/** Bit of each profile in the per-direction access masks (car = 1, van = 2, truck = 4, bicycle = 8, foot = 16). */
export const PROFILE_BIT: Readonly<Record<Profile, number>> = { car: 1, van: 2, truck: 4, bicycle: 8, foot: 16 };

/** Typical car speed (km/h) per highway class when no usable `maxspeed` is tagged. */
export const CAR_SPEED_KMH: Readonly<Record<string, number>> = {
  motorway: 90,
  motorway_link: 45,
  trunk: 85,
  trunk_link: 40,
  primary: 65,
  primary_link: 30,
  secondary: 55,
  secondary_link: 25,
  tertiary: 40,
  tertiary_link: 20,
  unclassified: 25,
  residential: 25,
  living_street: 10,
  service: 15,
  road: 20,
  track: 10,
  pedestrian: 10,
};

/** A tagged `maxspeed` is a limit, not a travel speed: drive at this share of it (as OSRM's car profile does). */
export const MAXSPEED_FACTOR = 0.8;
/** Trucks: at most this speed (km/h; EU limit for heavy goods vehicles), and this share of the car speed below it. */
export const TRUCK_MAX_KMH = 80;
export const TRUCK_FACTOR = 0.9;
/** Vans: this share of the car speed. */
export const VAN_FACTOR = 0.95;

/** Cycling speeds in km/h. */
export const BICYCLE_SPEED_KMH: Readonly<Record<string, number>> = {
  cycleway: 18,
  track: 12,
  path: 12,
  footway: 6,
  pedestrian: 6,
  steps: 2,
  bridleway: 8,
};
export const BICYCLE_DEFAULT_KMH = 15;
/** Walking speeds in km/h. */
export const FOOT_SPEED_KMH = 5;
export const FOOT_STEPS_KMH = 3;

/** Classes each mode may use without any access tag. */
const MOTOR_CLASSES = new Set(Object.keys(CAR_SPEED_KMH).filter((c) => c !== "track" && c !== "pedestrian"));
const BICYCLE_CLASSES = new Set([
  "trunk",
  "trunk_link",
  "primary",
  "primary_link",
  "secondary",
  "secondary_link",
  "tertiary",
  "tertiary_link",
  "unclassified",
  "residential",
  "living_street",
  "service",
  "road",
  "track",
  "cycleway",
  "path",
]);
const FOOT_CLASSES = new Set([...BICYCLE_CLASSES, "footway", "pedestrian", "steps", "bridleway"]);

/**
 * Classes a mode may use only when its own access key allows it (motor_vehicle=yes on a
 * track, bicycle=yes on a footway). A generic access=yes does not open them: on
 * `highway=steps` it means walkers are welcome, not cars.
 */
const OPENABLE_CLASSES: Readonly<Record<Profile, ReadonlySet<string>>> = {
  car: new Set(["track", "pedestrian"]),
  van: new Set(["track", "pedestrian"]),
  truck: new Set(["track", "pedestrian"]),
  bicycle: new Set(["footway", "pedestrian", "steps", "bridleway"]),
  foot: new Set(),
};
const DEFAULT_CLASSES: Readonly<Record<Profile, ReadonlySet<string>>> = {
  car: MOTOR_CLASSES,
  van: MOTOR_CLASSES,
  truck: MOTOR_CLASSES,
  bicycle: BICYCLE_CLASSES,
  foot: FOOT_CLASSES,
};

/** Every class any profile may use; `isRoutableWay` filters on it while parsing. */
export const ROUTABLE_CLASSES = new Set([...MOTOR_CLASSES, ...FOOT_CLASSES]);

/** Most specific access key first (OSM wiki "Key:access" transport-mode hierarchy). */
const ACCESS_KEYS: Readonly<Record<Profile, readonly string[]>> = {
  car: ["motorcar", "motor_vehicle", "vehicle", "access"],
  van: ["goods", "motor_vehicle", "vehicle", "access"],
  truck: ["hgv", "motor_vehicle", "vehicle", "access"],
  bicycle: ["bicycle", "vehicle", "access"],
  foot: ["foot", "access"],
};
/** Keys specific enough to open an OPENABLE class for the mode. */
const OWN_KEYS: Readonly<Record<Profile, ReadonlySet<string>>> = {
  car: new Set(["motorcar", "motor_vehicle"]),
  van: new Set(["goods", "motor_vehicle"]),
  truck: new Set(["hgv", "motor_vehicle"]),
  bicycle: new Set(["bicycle"]),
  foot: new Set(["foot"]),
};
const DENIED = new Set(["no", "private", "agricultural", "forestry", "military", "emergency", "psv", "bus", "use_sidepath", "disabled"]);

const SERVICE_SLOW = new Set(["parking_aisle", "driveway", "alley", "parking", "drive-through"]);
const SERVICE_SLOW_KMH = 5;

/** Per-profile result for one way. */
export interface WayRules {
  /** Profiles (bits of PROFILE_BIT) allowed along the way's node order. */
  forward: number;
  /** Profiles allowed against it. */
  backward: number;
  /** Travel speed in km/h, indexed like PROFILES. */
  speedKmh: [number, number, number, number, number];
}

/** True for ways the road graph may need (called while parsing, so it must be cheap). */
export function isRoutableWay(tags: OsmTags): boolean {
  const h = tags.highway;
  return h !== undefined && ROUTABLE_CLASSES.has(h) && tags.area !== "yes";
}

/** Decides who may use a way in which direction, and how fast. */
export function wayRules(tags: OsmTags): WayRules {
  const speedKmh: WayRules["speedKmh"] = [0, 0, 0, 0, 0];
  let forward = 0;
  let backward = 0;
  const highway = tags.highway ?? "";
  if (!isRoutableWay(tags) || tags.route === "ferry") return { forward, backward, speedKmh };
  PROFILES.forEach((profile, i) => {
    if (!hasAccess(tags, highway, profile)) return;
    const speed = speedFor(tags, highway, profile);
    if (!(speed > 0)) return;
    speedKmh[i] = speed;
    const dir = onewayFor(tags, highway, profile);
    const bit = PROFILE_BIT[profile];
    if (dir >= 0) forward |= bit;
    if (dir <= 0) backward |= bit;
    if (dir === 2) {
      forward &= ~bit;
      backward &= ~bit;
    }
  });
  return { forward, backward, speedKmh };
}

function hasAccess(tags: OsmTags, highway: string, profile: Profile): boolean {
  if ((profile === "bicycle" || profile === "foot") && tags.motorroad === "yes") return false;
  const inClass = DEFAULT_CLASSES[profile].has(highway);
  if (!inClass && !OPENABLE_CLASSES[profile].has(highway)) return false;
  // Walkers keep off trunk roads tagged as having no sidewalk unless foot=yes says otherwise.
  const byDefault = inClass && !(profile === "foot" && highway === "trunk" && tags.sidewalk === "no");
  for (const key of ACCESS_KEYS[profile]) {
    const value = tags[key];
    if (value === undefined) continue;
    // Only the first value of a "yes;no" style list counts.
    const v = value.split(";")[0]?.trim() ?? "";
    if (DENIED.has(v)) return false;
    if (byDefault || OWN_KEYS[profile].has(key)) return true;
    // A broader key allowing access does not open a class the mode does not use by default.
  }
  return byDefault;
}

/** Parses `maxspeed` into km/h; undefined for missing or non-numeric values we cannot map. */
export function parseMaxspeed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === "walk") return 7;
  if (v === "none" || v === "signals" || v === "variable") return undefined;
  const zone = /:(urban|rural|motorway|trunk|living_street|zone(\d+)|zone:?(\d+))$/.exec(v);
  if (zone) {
    if (zone[1] === "urban") return 50;
    if (zone[1] === "rural") return 90;
    if (zone[1] === "motorway") return 130;
    if (zone[1] === "trunk") return 100;
    if (zone[1] === "living_street") return 20;
    const n = Number(zone[2] ?? zone[3]);
    return n > 0 ? n : undefined;
  }
  const m = /^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh|kph|knots)?/.exec(v);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!(n > 0)) return undefined;
  if (m[2] === "mph") return n * 1.609344;
  if (m[2] === "knots") return n * 1.852;
  return n;
}

function carSpeed(tags: OsmTags, highway: string): number {
  let base = CAR_SPEED_KMH[highway] ?? 20;
  if (highway === "service" && tags.service !== undefined && SERVICE_SLOW.has(tags.service)) base = SERVICE_SLOW_KMH;
  const max = parseMaxspeed(tags.maxspeed);
  return max !== undefined ? max * MAXSPEED_FACTOR : base;
}

function speedFor(tags: OsmTags, highway: string, profile: Profile): number {
  switch (profile) {
    case "car":
      return carSpeed(tags, highway);
    case "van":
      return carSpeed(tags, highway) * VAN_FACTOR;
    case "truck":
      return Math.min(TRUCK_MAX_KMH, carSpeed(tags, highway) * TRUCK_FACTOR);
    case "bicycle": {
      const s = BICYCLE_SPEED_KMH[highway] ?? BICYCLE_DEFAULT_KMH;
      const max = parseMaxspeed(tags.maxspeed);
      return max !== undefined ? Math.min(s, max) : s;
    }
    case "foot":
      return highway === "steps" ? FOOT_STEPS_KMH : FOOT_SPEED_KMH;
  }
}

const YES = new Set(["yes", "true", "1"]);
const REVERSE = new Set(["-1", "reverse"]);
const NO = new Set(["no", "false", "0"]);

/**
 * Direction rule for a profile: 1 = forward only, -1 = backward only, 0 = both ways,
 * 2 = closed (reversible/alternating one-ways change direction over time).
 */
export function onewayFor(tags: OsmTags, highway: string, profile: Profile): -1 | 0 | 1 | 2 {
  if (profile === "foot") return parseOneway(tags["oneway:foot"]) ?? 0;
  if (profile === "bicycle") {
    const own = parseOneway(tags["oneway:bicycle"]);
    if (own !== undefined) return own;
    const opposite = [tags.cycleway, tags["cycleway:left"], tags["cycleway:right"], tags["cycleway:both"]].some(
      (v) => v !== undefined && v.startsWith("opposite"),
    );
    if (opposite) return 0;
  }
  const explicit = tags.oneway;
  if (explicit === "reversible" || explicit === "alternating") return 2;
  const parsed = parseOneway(explicit);
  if (parsed !== undefined) return parsed;
  // Implied one-ways: roundabouts and motorways (OSM wiki "Key:oneway").
  const junction = tags.junction;
  if (junction === "roundabout" || junction === "circular") return 1;
  if (highway === "motorway") return 1;
  return 0;
}

function parseOneway(value: string | undefined): -1 | 0 | 1 | undefined {
  if (value === undefined) return undefined;
  if (YES.has(value)) return 1;
  if (REVERSE.has(value)) return -1;
  if (NO.has(value)) return 0;
  return undefined;
}

/** Barriers a motor vehicle can pass (OSRM's car profile whitelist, roughly); every other barrier stops it. */
const MOTOR_PASSABLE_BARRIERS = new Set([
  "gate",
  "lift_gate",
  "swing_gate",
  "sliding_gate",
  "toll_booth",
  "border_control",
  "cattle_grid",
  "entrance",
  "height_restrictor",
  "sally_port",
  "checkpoint",
  "kerb",
  "no",
]);
const BICYCLE_BLOCKING_BARRIERS = new Set(["stile", "turnstile", "full-height_turnstile", "wall", "fence", "block"]);
const FOOT_BLOCKING_BARRIERS = new Set(["wall", "fence"]);

/** True for nodes whose tags may block a way (`barrier=*`); the parser keeps these. */
export function isBarrierNode(tags: OsmTags): boolean {
  return tags.barrier !== undefined;
}

/**
 * Profiles (PROFILE_BIT mask) that cannot pass this node: bollards stop cars but not bikes,
 * gates tagged access=private stop everyone but walkers allowed by foot=yes, and so on.
 */
export function barrierBlockMask(tags: OsmTags): number {
  const barrier = tags.barrier;
  if (barrier === undefined) return 0;
  let mask = 0;
  PROFILES.forEach((profile) => {
    let blocked: boolean;
    if (profile === "foot") blocked = FOOT_BLOCKING_BARRIERS.has(barrier);
    else if (profile === "bicycle") blocked = BICYCLE_BLOCKING_BARRIERS.has(barrier) || tags.locked === "yes";
    else blocked = !MOTOR_PASSABLE_BARRIERS.has(barrier) || tags.locked === "yes";
    // Access tags on the barrier node override the default, most specific key first.
    for (const key of ACCESS_KEYS[profile]) {
      const value = tags[key]?.split(";")[0]?.trim();
      if (value === undefined) continue;
      blocked = DENIED.has(value);
      break;
    }
    if (blocked) mask |= PROFILE_BIT[profile];
  });
  return mask;
}
