import { QueryClient, type DefaultOptions } from "@tanstack/react-query";

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

/** A new query client with the product defaults (one per app; tests make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

export const queryClient = createQueryClient();
