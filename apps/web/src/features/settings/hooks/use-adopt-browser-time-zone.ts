import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth";
import { browserTimeZone } from "@/lib/format";
import { preferencesQueryKey, usePreferences } from "@/features/settings/api/get-preferences";
import { updatePreferences, updatePreferencesMutationKey } from "@/features/settings/api/update-preferences";

/**
 * A new account's preferences start in UTC (SPEC §3), and route times and history are shown in the
 * preference's time zone: someone in Vaduz would read UTC times until they found Settings. So the
 * first session of a new account in a browser adopts that browser's time zone, once.
 */

/** The localStorage key that says this browser has made its one decision for this user. */
export const adoptedTimeZoneKey = (userId: string) => `rp.tz-adopted.${userId}`;

/**
 * How long after sign-up an account counts as new. The server does not say whether the
 * preferences were ever changed; an account this young has hardly had the time, and an older one's
 * UTC may be a choice (it is never overwritten).
 */
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** Names browsers give UTC itself: nothing to adopt. */
const UTC_NAMES = new Set(["UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/GMT", "GMT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu"]);

function decided(userId: string): boolean {
  try {
    return localStorage.getItem(adoptedTimeZoneKey(userId)) !== null;
  } catch {
    return true; // No storage (private mode): "at most once" cannot be kept, so never.
  }
}

function remember(userId: string, value: string): void {
  try {
    localStorage.setItem(adoptedTimeZoneKey(userId), value);
  } catch {
    // Unreachable in practice: decided() already answered true without storage.
  }
}

function isNewAccount(createdAt: Date | string | undefined, now: number): boolean {
  if (createdAt === undefined) return true; // Unknown: the localStorage key alone decides.
  const made = new Date(createdAt).getTime();
  return Number.isNaN(made) || now - made <= NEW_ACCOUNT_MS;
}

/**
 * Call once where the signed-in app is composed. For a signed-in user whose stored time zone is
 * still "UTC", on a new account, in a browser whose time zone is not UTC: PATCHes
 * `{ timezone: browserTimeZone() }` and puts the answer in the preferences cache (so every time on
 * screen moves at once). At most once per user per browser (localStorage `rp.tz-adopted.<userId>`,
 * written before the request, whatever the outcome); a failure is silent (no toast: the person did
 * nothing) and Settings still offers the choice.
 */
export function useAdoptBrowserTimeZone(): void {
  const { user } = useAuth();
  const preferences = usePreferences({ enabled: user !== null });
  const queryClient = useQueryClient();
  const userId = user?.id;
  const createdAt = user?.createdAt;
  const stored = user ? preferences.data?.timezone : undefined;
  useEffect(() => {
    if (!userId || stored === undefined || decided(userId)) return;
    const zone = browserTimeZone();
    const adopt = stored === "UTC" && !UTC_NAMES.has(zone) && isNewAccount(createdAt, Date.now());
    remember(userId, adopt ? zone : "kept");
    if (!adopt) return;
    updatePreferences({ timezone: zone }).then(
      (saved) => {
        // A change made in Settings meanwhile brings its own answer, the newer one.
        if (queryClient.isMutating({ mutationKey: updatePreferencesMutationKey }) === 0) queryClient.setQueryData(preferencesQueryKey, saved);
      },
      () => undefined,
    );
  }, [userId, createdAt, stored, queryClient]);
}
