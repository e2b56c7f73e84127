import { QueryCache, QueryClient, type DefaultOptions } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";

/** SPEC §9 cache rules: fresh for 5 minutes, one retry, no refetch on focus, refetch on mount and reconnect. */
export const queryConfig = {
  queries: {
    staleTime: 5 * 60 * 1000,
    retry: 1,
    refetchOnWindowFocus: false,
    refetchOnMount: true,
    refetchOnReconnect: true,
  },
  mutations: { retry: 0 },
} satisfies DefaultOptions;

/**
 * A new query client with the product defaults (one per app; tests make their own). A 401 from
 * the API makes Better Auth re-read the session, so a lapsed session is noticed at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) authClient.$store.notify("$sessionSignal");
      },
    }),
  });
}

export const queryClient = createQueryClient();
