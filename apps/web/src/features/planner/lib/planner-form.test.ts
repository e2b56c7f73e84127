import { describe, expect, it } from "vitest";
import { messages, routeMessages } from "@routepilot/contracts";
import { emptyDraft, emptyStop, formErrors, validateDraft, type PlannerDraft } from "@/features/planner/lib/planner-form";

function draft(overrides: Partial<PlannerDraft> = {}): PlannerDraft {
  return { ...emptyDraft(), ...overrides };
}

describe("validateDraft", () => {
  it("reports the SPEC §5 messages for a missing start and no destinations", () => {
    const { request, errors } = validateDraft(draft());
    expect(request).toBeNull();
    expect(errors.start).toBe(messages.startRequired);
    expect(errors.stops).toBe(messages.destinationRequired);
  });

  it("checks each location and maps errors to the form row, skipping blank rows", () => {
    const { errors } = validateDraft(
      draft({ start: { text: "Vaduz" }, stops: [emptyStop(), emptyStop({ text: "ab" }), emptyStop({ text: "<b>x</b>" })] }),
    );
    expect(errors["stops.1"]).toBe(messages.minLength(3));
    expect(errors["stops.2"]).toBeDefined();
    expect(errors["stops.0"]).toBeUndefined();
  });

  it("builds the request: picked places send coordinates, details and the end mode", () => {
    const stop = { ...emptyStop({ text: "Schaan, Liechtenstein", lat: 47.16498, lng: 9.50867 }), label: "Bakery", serviceMinutes: "5", windowStart: "10:00", windowEnd: "12:00" };
    const { request, errors } = validateDraft(draft({ start: { text: "Vaduz" }, stops: [stop, emptyStop()], endMode: "lastStop", profile: "van" }));
    expect(errors).toEqual({});
    expect(request).toEqual({
      profile: "van",
      departureTime: "09:00",
      roundTrip: false,
      start: { address: "Vaduz" },
      stops: [{ address: "Schaan, Liechtenstein", lat: 47.16498, lng: 9.50867, label: "Bakery", serviceSeconds: 300, timeWindow: { start: "10:00", end: "12:00" } }],
    });
  });

  it("sends the end of day when set, and reads it back from a stored route", () => {
    const { request } = validateDraft(draft({ start: { text: "Vaduz" }, stops: [emptyStop({ text: "Schaan" })], endOfDay: "17:30" }));
    expect(request).toMatchObject({ endOfDay: "17:30" });
    expect(validateDraft(draft({ start: { text: "Vaduz" }, stops: [emptyStop({ text: "Schaan" })] })).request).not.toHaveProperty("endOfDay");
  });

  it("requires the end place when ending at a chosen place, and an ordered time window", () => {
    const stop = { ...emptyStop({ text: "Schaan" }), windowStart: "12:00", windowEnd: "11:00" };
    const { errors } = validateDraft(draft({ start: { text: "Vaduz" }, stops: [stop], endMode: "place" }));
    expect(errors.end).toBe(messages.required);
    expect(errors["stops.0.timeWindow"]).toBe(routeMessages.timeWindowOrder);
  });
});

describe("formErrors", () => {
  it("maps the server's field paths onto form rows", () => {
    expect(formErrors({ "start.address": messages.startRequired, "stops.1.address": routeMessages.addressNotFound, "stops.0.timeWindow.end": "Invalid format" }, [0, 2])).toEqual({
      start: messages.startRequired,
      "stops.2": routeMessages.addressNotFound,
      "stops.0.timeWindow": "Invalid format",
    });
  });
});
