import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiKeySchema, createdApiKeySchema, type ApiKeyItem, type CreateApiKey, type CreatedApiKey } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";

export const apiKeysQueryKey = ["api-keys"] as const;
const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

/** GET /api/api-keys → the user's keys (never their secrets). */
export async function getApiKeys(signal?: AbortSignal): Promise<ApiKeyItem[]> {
  const { keys } = await apiRequest("/api/api-keys", { schema: apiKeyListSchema, signal });
  return keys;
}

export function useApiKeys() {
  return useQuery({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => getApiKeys(signal) });
}

/** POST /api/api-keys → 201 with the secret, the only time it is shown. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    // The create form shows the failure at its fields, else above its button (decision 018).
    meta: { errorShownInline: true },
    mutationFn: (body: CreateApiKey): Promise<CreatedApiKey> => apiRequest("/api/api-keys", { method: "POST", body, schema: createdApiKeySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

/** DELETE /api/api-keys/:id → 204; requests with the key get 401 from then on. Asked in a ConfirmDialog, which shows a failure itself (decision 018). */
export function useRevokeApiKey() {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: t("apiKeys.revokeFailed"), errorShownInline: true },
    mutationFn: (id: string) => apiRequest<void>(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
