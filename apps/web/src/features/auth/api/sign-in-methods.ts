import { useQuery } from "@tanstack/react-query";
import { signInMethodErrorMessages, signInOptionsSchema, type MessageRef } from "@routepilot/contracts";
import { ApiError, apiRequest } from "@/lib/api-client";
import { errorKeysOf } from "@/lib/api-error-body";
import { authClient } from "@/lib/auth-client";

/** GET /api/sign-in-options: the passwordless methods and the providers this server offers (public). */
export function useSignInOptions() {
  return useQuery({
    queryKey: ["auth", "sign-in-options"],
    queryFn: ({ signal }) => apiRequest("/api/sign-in-options", { schema: signInOptionsSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** An error body's words and, when the server named them, their message keys. */
type FailureBody = { code?: string; message?: string; fields?: Record<string, string>; key?: string; params?: Record<string, string>; fieldKeys?: Record<string, MessageRef> };

/** Better Auth answers `{ code, message }`; the server's own layers (rate limits, validation) `{ error: { code, message, key?, params?, fields, fieldKeys? } }`. */
type AuthFailure = FailureBody & { status: number; statusText?: string; error?: FailureBody };

/**
 * The server's refusal as an ApiError whose message is the plain-words one for its code, else the
 * server's own; with the message keys the body names (or those of the plain words), so it shows
 * in the reader's language.
 */
function toApiError(failure: AuthFailure): ApiError {
  const code = failure.code ?? failure.error?.code ?? "HTTP_ERROR";
  const plain = signInMethodErrorMessages[code];
  const message = plain ?? failure.message ?? failure.error?.message ?? failure.statusText ?? "Something went wrong. Please try again.";
  const fields = failure.fields ?? failure.error?.fields;
  const body: FailureBody = failure.error ?? failure;
  // The server's key names the server's message, not the plain words that replace it.
  return new ApiError(failure.status, code, message, fields, errorKeysOf(plain ? { fieldKeys: body.fieldKeys } : body, message, fields));
}

/** POSTs to a Better Auth endpoint under /api/auth; throws an ApiError with the message to show. */
export async function authPost<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const { data, error } = await authClient.$fetch<T>(path, { method: "POST", body });
  if (error) throw toApiError(error as AuthFailure);
  return data as T;
}

/** POST /api/auth/sign-in/magic-link: e-mails a sign-in link that brings the user back to `callbackURL`. */
export function requestMagicLink(email: string, callbackURL: string) {
  return authPost<{ status: boolean }>("/sign-in/magic-link", { email, callbackURL, errorCallbackURL: "/auth/sign-in" });
}

/** POST /api/auth/email-otp/send-verification-otp: e-mails a 6-digit sign-in code. */
export function requestSignInCode(email: string) {
  return authPost<{ success: boolean }>("/email-otp/send-verification-otp", { email, type: "sign-in" });
}

/** POST /api/auth/sign-in/email-otp: signs in with the code, then refreshes the session everywhere. */
export async function signInWithCode(email: string, otp: string) {
  await authPost("/sign-in/email-otp", { email, otp });
  authClient.$store.notify("$sessionSignal");
}

/** POST /api/auth/sign-in/social, then on to the provider (the browser comes back through /api/auth/callback/{id}). */
export async function signInWithProvider(provider: string, callbackURL: string) {
  const { url } = await authPost<{ url: string }>("/sign-in/social", { provider, callbackURL, errorCallbackURL: "/auth/sign-in", disableRedirect: true });
  window.location.assign(url);
}
