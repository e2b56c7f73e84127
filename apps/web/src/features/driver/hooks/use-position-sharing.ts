import { useEffect, useRef, useState } from "react";
import type { PositionInput } from "@routepilot/contracts";

/** Positions go to the server every 15 s, or as soon as 20 have been collected. */
export const POSITION_BATCH_MS = 15_000;
export const POSITION_BATCH_SIZE = 20;

export type SharingState =
  | { status: "off" }
  | { status: "paused" }
  | { status: "waiting" }
  | { status: "sharing"; last: PositionInput }
  | { status: "denied" }
  | { status: "unavailable" };

const clamp = (v: number | null | undefined, min: number, max: number) => (v === null || v === undefined || Number.isNaN(v) ? null : Math.min(max, Math.max(min, v)));

export function toPosition(p: GeolocationPosition): PositionInput {
  const { latitude, longitude, accuracy, heading, speed } = p.coords;
  return { lat: latitude, lng: longitude, accuracy: clamp(accuracy, 0, 100_000), heading: clamp(heading, 0, 360), speed: clamp(speed, 0, 1_000), at: new Date(p.timestamp).toISOString() };
}

/**
 * While `active` (a route in progress) and not paused: the phone's position from
 * navigator.geolocation.watchPosition, handed to `onBatch` in batches (each then goes through the
 * offline queue like any other action). Whatever is collected is handed over when sharing stops.
 */
export function usePositionSharing({ active, paused, onBatch }: { active: boolean; paused: boolean; onBatch: (positions: PositionInput[]) => void }): SharingState {
  const [state, setState] = useState<SharingState>({ status: "off" });
  const batchRef = useRef(onBatch);
  useEffect(() => {
    batchRef.current = onBatch;
  });

  useEffect(() => {
    if (!active) {
      setState({ status: "off" });
      return;
    }
    if (paused) {
      setState({ status: "paused" });
      return;
    }
    if (typeof navigator === "undefined" || !navigator.geolocation) {
      setState({ status: "unavailable" });
      return;
    }
    setState({ status: "waiting" });
    let buffer: PositionInput[] = [];
    const flush = () => {
      if (buffer.length === 0) return;
      const batch = buffer;
      buffer = [];
      batchRef.current(batch);
    };
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        const position = toPosition(p);
        buffer.push(position);
        setState({ status: "sharing", last: position });
        if (buffer.length >= POSITION_BATCH_SIZE) flush();
      },
      (error) => setState({ status: error.code === error.PERMISSION_DENIED ? "denied" : "unavailable" }),
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 },
    );
    const timer = setInterval(flush, POSITION_BATCH_MS);
    return () => {
      navigator.geolocation.clearWatch(watch);
      clearInterval(timer);
      flush();
    };
  }, [active, paused]);

  return state;
}
