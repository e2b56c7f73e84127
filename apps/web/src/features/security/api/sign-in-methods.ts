import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { identitiesSchema, signInMethodErrorMessages, signInOptionsSchema } from "@routepilot/contracts";
import { ApiError, apiRequest } from "@/lib/api-client";
import { authClient } from "@/lib/auth-client";

export const signInMethodQueryKeys = {
  identities: ["security", "identities"] as const,
  options: ["security", "sign-in-options"] as const,
};

/** GET /api/me/identities: the password and the linked provider accounts. */
export function useIdentities() {
  return useQuery({
    queryKey: signInMethodQueryKeys.identities,
    queryFn: async ({ signal }) => (await apiRequest("/api/me/identities", { schema: identitiesSchema, signal })).identities,
  });
}

/** GET /api/sign-in-options: the providers the server offers (for "Link another account"). */
export function useConfiguredProviders() {
  return useQuery({
    queryKey: signInMethodQueryKeys.options,
    queryFn: async ({ signal }) => (await apiRequest("/api/sign-in-options", { schema: signInOptionsSchema, signal })).providers,
    staleTime: 5 * 60_000,
  });
}

/** DELETE /api/me/identities/{id}; the server refuses the last way to sign in (409) with its message. */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    // The section shows the refusal by the list (decision 018), so no app toast as well.
    meta: { errorShownInline: true },
    mutationFn: (id: string) => apiRequest(`/api/me/identities/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["security"] }),
  });
}

/** POST /api/auth/link-social, then on to the provider; it comes back to /security. */
export async function linkProvider(provider: string) {
  const { data, error } = await authClient.$fetch<{ url: string }>("/link-social", {
    method: "POST",
    body: { provider, callbackURL: "/security?linked=1", errorCallbackURL: "/security", disableRedirect: true },
  });
  if (error) {
    const failure = error as { status: number; code?: string; message?: string; statusText?: string; error?: { code?: string; message?: string } };
    const code = failure.code ?? failure.error?.code ?? "HTTP_ERROR";
    throw new ApiError(failure.status, code, signInMethodErrorMessages[code] ?? failure.message ?? failure.error?.message ?? failure.statusText ?? "Something went wrong. Please try again.");
  }
  if (!data?.url) throw new ApiError(500, "INVALID_RESPONSE", "Something went wrong. Please try again.");
  window.location.assign(data.url);
}
