import { useSyncExternalStore } from "react";
import { vi } from "vitest";

/** A stand-in for the Better Auth session store, driven by tests. */
type MockSession = {
  user: { id: string; email: string; name: string; emailVerified: boolean; createdAt: Date; updatedAt: Date; image?: string | null };
  session: { id: string; userId: string; expiresAt: Date; token: string; createdAt: Date; updatedAt: Date };
};

let current: MockSession | null = null;
let pending = false;
const listeners = new Set<() => void>();
const refetch = vi.fn(async () => {});

function notify() {
  listeners.forEach((listener) => listener());
}

export const mockAuth = {
  signIn(user: Partial<MockSession["user"]> = {}) {
    const now = new Date();
    current = {
      user: { id: "u1", email: "ana@example.com", name: "Ana Silva", emailVerified: true, createdAt: now, updatedAt: now, ...user },
      session: { id: "s1", userId: user.id ?? "u1", expiresAt: new Date(now.getTime() + 3_600_000), token: "t", createdAt: now, updatedAt: now },
    };
    pending = false;
    notify();
  },
  signOut() {
    current = null;
    pending = false;
    notify();
  },
  setPending(value: boolean) {
    pending = value;
    notify();
  },
  refetch,
};

function useSession() {
  const data = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  const isPending = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
  return { data, isPending, isRefetching: false, error: null, refetch };
}

/** The module that replaces "@/lib/auth-client" in tests: `vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule))`. */
export const authClientModule = {
  authClient: {
    useSession,
    signOut: vi.fn(async () => ({ data: { success: true }, error: null })),
    getSession: vi.fn(async () => ({ data: current, error: null })),
  },
  authErrorMessage: (error: { message?: string } | null | undefined) => error?.message ?? "Something went wrong. Please try again.",
};
