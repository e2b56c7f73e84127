import { useState } from "react";
import { Link } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { sessionFlags } from "@/lib/auth";
import { signUpFormSchema, VERIFIED_CALLBACK_URL, type SignUpFormValues } from "@/features/auth/lib/schemas";
import { FormError } from "@/features/auth/components/form-error";
import { PasswordRules } from "@/features/auth/components/password-rules";
import { Trans, useTranslation } from "@/lib/i18n";
import { useQueryClient } from "@tanstack/react-query";
import { carryLanguageChoice } from "@/features/auth/api/carry-language";

/** Creates an account and signs the person in at once; a verification e-mail follows. */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t } = useTranslation("auth");
  const [serverError, setServerError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const form = useForm<SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: "", email: "", password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: "password" }) ?? "";

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { error } = await authClient.signUp.email({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        callbackURL: VERIFIED_CALLBACK_URL,
      });
      if (error) {
        setServerError(authErrorMessage(error));
        return;
      }
      sessionFlags.intentionalSignOut = false;
      await carryLanguageChoice(queryClient);
      toast.success(t("signUpForm.welcome"));
      onSignedUp();
    } catch (error) {
      setServerError(authErrorMessage(error instanceof Error ? error : null));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("signUpForm.label")}>
      <FormError message={serverError} />
      <FormField label={t("signUpForm.name")} error={errors.name?.message}>
        <Input autoComplete="name" placeholder={t("signUpForm.namePlaceholder")} {...form.register("name")} />
      </FormField>
      <FormField label={t("email")} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder={t("emailPlaceholder")} {...form.register("email")} />
      </FormField>
      <FormField label={t("password")} error={errors.password?.message} description={<PasswordRules value={password} />}>
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Spinner className="text-primary-foreground" /> : null}
        {t("signUpForm.create")}
      </Button>
      <p className="text-center text-xs text-muted-foreground">
        <Trans
          t={t}
          i18nKey="signUpForm.agree"
          components={{
            terms: <Link to="/terms" className="font-medium text-primary underline underline-offset-2" />,
            privacy: <Link to="/privacy" className="font-medium text-primary underline underline-offset-2" />,
          }}
        />
      </p>
    </form>
  );
}
