import { z } from "zod";
import { emailSchema, messages, passwordSchema, safeText } from "@routepilot/contracts";
import type { TFunction } from "i18next";

/** Form schemas built from the shared SPEC §5 rules (messages come from @routepilot/contracts). */
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/** A confirm-password field's message in the reader's language (the schemas' own mismatch message; the SPEC §5 ones come as they are). */
export function mismatch(message: string | undefined, t: TFunction<"auth">): string | undefined {
  return message === PASSWORDS_DO_NOT_MATCH ? t("passwordsDoNotMatch") : message;
}

const requiredText = z.string({ error: messages.required }).min(1, messages.required);

export const signInFormSchema = z.object({
  email: emailSchema,
  password: requiredText,
});
export type SignInFormValues = z.input<typeof signInFormSchema>;

export const signUpFormSchema = z.object({
  name: safeText({ max: 100 }),
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpFormValues = z.input<typeof signUpFormSchema>;

export const forgotPasswordFormSchema = z.object({ email: emailSchema });
export type ForgotPasswordFormValues = z.input<typeof forgotPasswordFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: requiredText })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });
export type ResetPasswordFormValues = z.input<typeof resetPasswordFormSchema>;

export const updatePasswordFormSchema = z
  .object({ currentPassword: requiredText, newPassword: passwordSchema, confirmPassword: requiredText })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ["confirmPassword"] });
export type UpdatePasswordFormValues = z.input<typeof updatePasswordFormSchema>;

/** Where the verification e-mail's link lands (the dashboard shows a success toast). */
export const VERIFIED_CALLBACK_URL = "/dashboard?verified=1";
