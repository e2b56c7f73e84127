import { MutationCache, QueryCache, QueryClient, type DefaultOptions, type Mutation } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";
import { showErrorToast } from "@/lib/error-toast";

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

/** What a mutation tells the app-wide error default (decision 018), as `useMutation({ meta })`. */
export type MutationErrorMeta = {
  /**
   * The page shows this failure next to the control that started it (in view, role=alert), so no
   * toast is shown: `true` for every failure, or a test for the failures the page shows (a 409
   * the page asks about, say); the others are toasted as usual.
   */
  errorShownInline?: boolean | ((error: unknown) => boolean);
  /** The toast's title above the server's message, e.g. "Could not delete the route". */
  errorTitle?: string;
  /** A sentence after the server's message, e.g. "Your change has been undone." */
  errorNote?: string;
};

/** What a user-started query (a search, a look-up) tells the query default: toast its failure under this title. */
export type QueryErrorMeta = {
  /** Set on queries a person started whose page has no error display of its own. */
  errorTitle?: string;
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: MutationErrorMeta;
    queryMeta: QueryErrorMeta;
  }
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** A 401 from the API makes Better Auth re-read the session, so a lapsed session is noticed at once. */
function noticeLapsedSession(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) authClient.$store.notify("$sessionSignal");
}

/** Whether the page shows this mutation's failure itself (its `meta.errorShownInline`). */
export function errorShownInline(mutation: Pick<Mutation<unknown, unknown, unknown>, "meta">, error: unknown): boolean {
  const inline = mutation.meta?.errorShownInline;
  return typeof inline === "function" ? inline(error) : inline === true;
}

/**
 * The one default for every failed mutation (decision 018): the server's message in an error toast
 * (visible wherever the page is scrolled, kept until closed, role=alert), unless the mutation's
 * page shows it next to the control (`meta.errorShownInline`).
 */
export function createMutationCache(): MutationCache {
  return new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      noticeLapsedSession(error);
      if (isAbort(error) || errorShownInline(mutation, error)) return;
      showErrorToast(error, mutation.meta?.errorTitle, mutation.meta?.errorNote);
    },
  });
}

/** Queries: a 401 re-reads the session; a query with `meta.errorTitle` (started by a person) toasts its failure. */
export function createQueryCache(): QueryCache {
  return new QueryCache({
    onError: (error, query) => {
      noticeLapsedSession(error);
      const title = query.meta?.errorTitle;
      if (title && !isAbort(error)) showErrorToast(error, title);
    },
  });
}

/**
 * A new query client with the product defaults (one per app; tests make their own): the SPEC §9
 * cache rules and the error defaults of decision 018.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig, queryCache: createQueryCache(), mutationCache: createMutationCache() });
}

export const queryClient = createQueryClient();
