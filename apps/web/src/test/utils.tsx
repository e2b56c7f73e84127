import type { ReactElement, ReactNode } from "react";
import { render } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Me } from "@routepilot/contracts";
import { toast } from "sonner";
import { Toaster } from "@/components/ui/toaster";
import { createMutationCache, createQueryCache } from "@/lib/query-client";

/**
 * A query client for one test: no retries, nothing refetched behind the test's back. With
 * `errorDefaults`, failures are handled as in the app (decision 018; render with {@link renderWithToasts}).
 */
export function createTestQueryClient({ errorDefaults = false }: { errorDefaults?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity }, mutations: { retry: false } },
    ...(errorDefaults ? { queryCache: createQueryCache(), mutationCache: createMutationCache() } : {}),
  });
}

export function renderWithQuery(ui: ReactElement, queryClient = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, ...render(ui, { wrapper }) };
}

/**
 * Renders `ui` as the app does for failures (decision 018): a test query client with the app's
 * error defaults (a failed mutation toasts the server's message unless its page shows it; pass
 * your own made with `createTestQueryClient({ errorDefaults: true })`) and the toaster.
 */
export function renderWithToasts(ui: ReactElement, queryClient = createTestQueryClient({ errorDefaults: true })) {
  // sonner keeps toasts in module state and replays the active ones to a new toaster.
  toast.dismiss();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster theme="light" />
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** A GET /api/me body with overridable parts. */
export function makeMe(overrides: Partial<Me> = {}): Me {
  return {
    user: { id: "u1", email: "ana@example.com", name: "Ana Silva", emailVerified: true, role: "user", createdAt: "2025-01-01T00:00:00.000Z" },
    tier: "free",
    fleetRoles: [],
    access: { teams: false, fleet: false, enhancedAnalytics: false, teamManagement: false, admin: false, superAdmin: false },
    isLegacyUser: false,
    ...overrides,
  };
}

/** A JSON Response for fetch mocks. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
