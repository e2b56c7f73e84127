import type { StoredPlace } from "@routepilot/db";
import type { GeoServices, Profile } from "@routepilot/geo";
import { sealContact, type Contact } from "../../security/contacts";
import { newTrackingToken, TRACKING_LINK_TTL_MS } from "../../driver/tracking-token";
import { secondsOnDate, type LatLng, type PlanOrder, type PlanRoute, type PlanVehicle } from "../problem";
import { pathThrough, routeAlong } from "./routing";
import { reloadsOf, type PlanDeps } from "./rows";

const hhmm = (date: string, iso: string | null) => (iso ? iso.slice(11, 16) : null);

/** The routes row and stops of one dispatched plan route; legs and geometry from the routing provider. */
export async function dispatchedRoute(geo: GeoServices, deps: PlanDeps, date: string, vehicle: PlanVehicle, route: PlanRoute, orders: readonly PlanOrder[], contacts: ReadonlyMap<string, Contact>) {
  const first = route.stops[0] as PlanRoute["stops"][number];
  const startPlace: StoredPlace = vehicle.start
    ? { label: vehicle.start.address ?? `${vehicle.name} depot`, address: vehicle.start.address ?? null, lat: vehicle.start.lat, lng: vehicle.start.lng }
    : { label: first.label, address: null, lat: first.lat, lng: first.lng };
  const endPlace: StoredPlace | null = vehicle.end ? { label: vehicle.end.address ?? `${vehicle.name} depot`, address: vehicle.end.address ?? null, lat: vehicle.end.lat, lng: vehicle.end.lng } : null;
  // Through the start depot at each reload (issue 26): the leg to the first stop of a trip is the two legs via the depot.
  const path = pathThrough<LatLng, StoredPlace>(route, route.stops, vehicle.start ? startPlace : null, vehicle.start ? [startPlace] : [], endPlace ? [endPlace] : []);
  const profile = vehicle.profile as Profile;
  const { legs, geometry, provider } = await routeAlong(geo, deps, path, profile);
  const reloads = vehicle.start ? reloadsOf(route) : [];
  /** Leg into stop i: the legs since the place before it (the previous stop, or the depot before the first). */
  const legInto = (i: number) => {
    // Path position of stop i: after the start depot (when there is one) and the reloads before it.
    const at = i + (vehicle.start ? 1 : 0) + reloads.filter((r) => r <= i).length;
    const parts = reloads.includes(i) ? [legs[at - 2], legs[at - 1]] : [legs[at - 1]];
    if (parts.some((leg) => leg === undefined)) return undefined;
    return { distance: parts.reduce((t, leg) => t + leg!.distance, 0), duration: parts.reduce((t, leg) => t + leg!.duration, 0) };
  };
  // The routes row keeps its departure to the minute (HH:MM) and every planned time relative to
  // it; counting from that same minute keeps the driver's and customers' ETAs to the second of the
  // plan (a route leaving as late as its windows allow may leave at any second, issue 25).
  const departure = Math.floor(secondsOnDate(date, route.start ?? first.arrival) / 60) * 60;
  const rel = (iso: string) => secondsOnDate(date, iso) - departure;
  const index = new Map(orders.map((o, i) => [o.id, i]));
  const stops = route.stops.map((s, i) => {
    const order = orders[index.get(s.orderId) as number] as PlanOrder;
    const place = s.kind === "pickup" && order.pickup ? order.pickup : order;
    const window = place.timeWindows[0];
    const leg = legInto(i);
    return {
      sequence: i + 1,
      inputIndex: index.get(s.orderId) as number,
      label: s.label,
      address: place.address ?? null,
      note: s.kind === "delivery" ? (order.notes ?? null) : null,
      lat: s.lat,
      lng: s.lng,
      serviceS: Math.round(place.serviceMinutes * 60),
      timeWindowStart: window ? secondsOnDate(date, `${date}T${window.start}:00`) - departure : null,
      timeWindowEnd: window ? secondsOnDate(date, `${date}T${window.end}:00`) - departure : null,
      arrivalS: rel(s.arrival),
      departureS: rel(s.departure),
      legDistanceM: leg?.distance ?? 0,
      legDurationS: leg?.duration ?? 0,
      // Driver app and customer tracking (issue 12).
      orderId: order.id,
      kind: s.kind,
      contactSealed: sealContact(deps.encryption, contacts.get(order.id)),
      trackingToken: newTrackingToken(),
      trackingExpiresAt: new Date(Date.now() + TRACKING_LINK_TTL_MS),
    };
  });
  const endLeg = endPlace ? legs[legs.length - 1] : undefined;
  return {
    values: {
      name: `${vehicle.name} · ${date}`,
      profile,
      roundTrip: false,
      departureTime: hhmm(date, route.start) ?? hhmm(date, first.arrival) ?? "09:00",
      start: startPlace,
      end: endPlace,
      distanceM: route.distanceMeters,
      durationS: route.durationSeconds,
      endArrivalS: route.end ? rel(route.end) : null,
      endLegDistanceM: endLeg?.distance ?? null,
      endLegDurationS: endLeg?.duration ?? null,
      reloads: (route.reloads ?? []).filter(() => vehicle.start !== null).map((r) => ({ afterSequence: r.afterStops, arrivalS: rel(r.arrival), departureS: rel(r.departure) })),
      geometry,
      provider,
    },
    stops,
  };
}
