import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { meSchema, type Me } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";

type SessionData = typeof authClient.$Infer.Session;
export type AuthSession = SessionData["session"];
export type AuthUser = SessionData["user"];

export type AuthState = {
  session: AuthSession | null;
  user: AuthUser | null;
  /** True until the first session load has finished (SPEC §4 loading flag). */
  isPending: boolean;
  refetch: (params?: { query?: { disableCookieCache?: boolean } }) => Promise<void>;
};

/**
 * The current Better Auth session. Better Auth loads it on start and again after every auth
 * change (sign-in, sign-out, sign-up, password change), so components simply re-render.
 */
export function useAuth(): AuthState {
  const { data, isPending, refetch } = authClient.useSession();
  return {
    session: data?.session ?? null,
    user: data?.user ?? null,
    isPending,
    refetch,
  };
}

/**
 * Set just before a deliberate sign-out so protected pages do not mistake it for an expired
 * session (which shows "Your session has expired").
 */
export const sessionFlags = { intentionalSignOut: false };

export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again.";
/** SPEC §4: the session is checked every 30 s ("tick") and refreshed when under 3 ticks remain. */
export const SESSION_TICK_MS = 30_000;
export const SESSION_REFRESH_TICKS = 3;

/** True when the session ends within {@link SESSION_REFRESH_TICKS} ticks of `now`. */
export function shouldRefreshSession(expiresAt: Date | string | null | undefined, now: number): boolean {
  if (!expiresAt) return false;
  const ends = new Date(expiresAt).getTime();
  return Number.isFinite(ends) && ends - now < SESSION_TICK_MS * SESSION_REFRESH_TICKS;
}

/**
 * While signed in, re-reads the session every 30 s; when it is about to expire it asks the
 * server for a fresh one (bypassing the cookie cache, so Better Auth extends it).
 */
export function useSessionKeepAlive(): void {
  const { session, refetch } = useAuth();
  const latest = useRef({ refetch, expiresAt: session?.expiresAt });
  useEffect(() => {
    latest.current = { refetch, expiresAt: session?.expiresAt };
  });
  const signedIn = session !== null;
  useEffect(() => {
    if (!signedIn) return;
    const id = window.setInterval(() => {
      const { refetch: reload, expiresAt } = latest.current;
      const refresh = shouldRefreshSession(expiresAt, Date.now());
      void reload(refresh ? { query: { disableCookieCache: true } } : undefined);
    }, SESSION_TICK_MS);
    return () => window.clearInterval(id);
  }, [signedIn]);
}

export const meQueryKey = ["me"] as const;

/** GET /api/me: the signed-in user's tier, fleet roles and access flags. */
export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest("/api/me", { schema: meSchema, signal });
}

/** The /api/me record for the signed-in user (disabled while signed out). */
export function useMe() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...meQueryKey, user?.id ?? "anonymous"],
    queryFn: ({ signal }) => getMe(signal),
    enabled: user !== null,
  });
}

/** The account-menu label: the part of the e-mail before the @, or "User". */
export function accountLabel(email: string | null | undefined): string {
  const local = email?.split("@")[0]?.trim();
  return local ? local : "User";
}
