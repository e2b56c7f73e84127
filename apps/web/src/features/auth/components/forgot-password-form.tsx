import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { forgotPasswordFormSchema, type ForgotPasswordFormValues } from "@/features/auth/lib/schemas";
import { FormError } from "@/features/auth/components/form-error";

export const RESET_LINK_SENT = "If an account exists for that address, we have sent it a link to reset your password.";

/** Asks for a password-reset e-mail; the link opens /reset-password?token=…. */
export function ForgotPasswordForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { error } = await authClient.requestPasswordReset({ email: values.email.trim(), redirectTo: "/reset-password" });
      if (error) {
        setServerError(authErrorMessage(error));
        return;
      }
      setSentTo(values.email.trim());
    } catch (error) {
      setServerError(authErrorMessage(error instanceof Error ? error : null));
    }
  });

  if (sentTo) {
    return (
      <Alert variant="success">
        <MailCheck aria-hidden="true" />
        <div>
          <AlertTitle>Check your inbox</AlertTitle>
          <AlertDescription className="mt-1 text-foreground">
            <p>{RESET_LINK_SENT}</p>
            <p className="mt-1 text-muted-foreground">Sent to {sentTo}. Didn't get it? Check your spam folder or try again in a few minutes.</p>
          </AlertDescription>
        </div>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Forgot password">
      <FormError message={serverError} />
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...form.register("email")} />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Spinner className="text-primary-foreground" /> : null}
        Send Reset Link
      </Button>
    </form>
  );
}
