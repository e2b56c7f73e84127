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
import { useTranslation } from "@/lib/i18n";

export const RESET_LINK_SENT = "If an account exists for that address, we have sent it a link to reset your password.";

/** Asks for a password-reset e-mail; the link opens /reset-password?token=…. */
export function ForgotPasswordForm() {
  const { t } = useTranslation("auth");
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
          <AlertTitle>{t("forgot.checkInbox")}</AlertTitle>
          <AlertDescription className="mt-1 text-foreground">
            <p>{t("forgot.sent")}</p>
            <p className="mt-1 text-muted-foreground">{t("forgot.sentTo", { email: sentTo })}</p>
          </AlertDescription>
        </div>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("forgot.label")}>
      <FormError message={serverError} />
      <FormField label={t("email")} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder={t("emailPlaceholder")} {...form.register("email")} />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Spinner className="text-primary-foreground" /> : null}
        {t("forgot.send")}
      </Button>
    </form>
  );
}
