import { useState } from "react";
import { Link } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { sessionFlags } from "@/lib/auth";
import { signInFormSchema, type SignInFormValues } from "@/features/auth/lib/schemas";
import { FormError } from "@/features/auth/components/form-error";
import { TwoFactorStep } from "@/features/auth/components/two-factor-step";
import { useTranslation } from "@/lib/i18n";

/**
 * A password accepted for a two-factor account, waiting for its code. Kept outside the component:
 * the session refresh after sign-in shows the loading screen, which remounts the form.
 */
const pendingTwoFactor = { waiting: false };

/** E-mail and password sign-in. On success the session changes and the page redirects. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation("auth");
  const [serverError, setServerError] = useState<string | null>(null);
  const [needsCode, setNeedsCodeState] = useState(() => pendingTwoFactor.waiting);
  const setNeedsCode = (value: boolean) => {
    pendingTwoFactor.waiting = value;
    setNeedsCodeState(value);
  };
  const form = useForm<SignInFormValues>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: "", password: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { data, error } = await authClient.signIn.email({ email: values.email.trim(), password: values.password });
      if (error) {
        setServerError(authErrorMessage(error));
        return;
      }
      // Two-factor on: no session yet until the code is verified.
      if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
        setNeedsCode(true);
        return;
      }
      sessionFlags.intentionalSignOut = false;
      onSignedIn();
    } catch (error) {
      setServerError(authErrorMessage(error instanceof Error ? error : null));
    }
  });

  if (needsCode) {
    return (
      <TwoFactorStep
        onVerified={() => {
          pendingTwoFactor.waiting = false;
          sessionFlags.intentionalSignOut = false;
          onSignedIn();
        }}
        onCancel={() => {
          setNeedsCode(false);
          form.resetField("password");
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("signInForm.label")}>
      <FormError message={serverError} />
      <FormField label={t("email")} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder={t("emailPlaceholder")} {...form.register("email")} />
      </FormField>
      <FormField label={t("password")} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <div className="-mt-1 text-right text-sm">
        <Link to="/auth/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("signInForm.forgot")}
        </Link>
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Spinner className="text-primary-foreground" /> : null}
        {t("signIn")}
      </Button>
    </form>
  );
}
