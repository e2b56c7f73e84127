import { useMutation } from "@tanstack/react-query";
import { postAuth } from "@/features/profile/lib/send";

/** Where the confirmation link returns to once the new address is confirmed. */
export const CHANGE_EMAIL_CALLBACK = "/profile?email-changed=1";

/**
 * POST /api/auth/change-email {newEmail, callbackURL}: the server sends a confirmation link to
 * the new address (and tells the old one); nothing changes until the link is used.
 */
export function changeEmail(newEmail: string): Promise<unknown> {
  return postAuth("/api/auth/change-email", { newEmail: newEmail.trim(), callbackURL: CHANGE_EMAIL_CALLBACK });
}

export function useChangeEmail() {
  // Shown by the form (decision 018).
  return useMutation({ mutationFn: changeEmail, meta: { errorShownInline: true } });
}
