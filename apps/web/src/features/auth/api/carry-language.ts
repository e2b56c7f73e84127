import type { QueryClient } from "@tanstack/react-query";
import { preferencesSchema } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { storedLanguageChoice } from "@/lib/i18n";

/** The preferences query's key (features/settings' `preferencesQueryKey`; features do not import each other). */
const preferencesQueryKey = ["preferences"] as const;

/**
 * A new account starts in the language its visitor chose in the footer (decision 028, phase 2):
 * right after sign-up (the session is already open) the stored choice becomes the account's
 * language preference, so the UI stays in it instead of falling back to the default. Without a
 * choice nothing is sent; a failure leaves the default (the user can change it in Settings).
 */
export async function carryLanguageChoice(queryClient: QueryClient): Promise<void> {
  const language = storedLanguageChoice();
  if (!language) return;
  try {
    const preferences = await apiRequest("/api/preferences", { method: "PATCH", body: { language }, schema: preferencesSchema });
    queryClient.setQueryData(preferencesQueryKey, preferences);
  } catch {
    // Not worth failing a sign-up over: the account keeps the default language.
  }
}
