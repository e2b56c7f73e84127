import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { KeyRound } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { resetPasswordFormSchema, type ResetPasswordFormValues } from "@/features/auth/lib/schemas";
import { FormError } from "@/features/auth/components/form-error";
import { PasswordRules } from "@/features/auth/components/password-rules";
import { useTranslation } from "@/lib/i18n";
import { mismatch } from "@/features/auth/lib/schemas";

export const INVALID_RESET_LINK = "This password reset link is invalid or has expired. Please request a new one.";

/** /reset-password?token=…: choose a new password from the e-mailed link (PasswordReset). */
export function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get("token");
  const linkError = searchParams.get("error");
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: "password" }) ?? "";

  const onSubmit = form.handleSubmit(async (values) => {
    if (!token) return;
    setServerError(null);
    try {
      const { error } = await authClient.resetPassword({ newPassword: values.password, token });
      if (error) {
        setServerError(authErrorMessage(error));
        return;
      }
      toast.success(t("reset.done"));
      navigate("/auth/sign-in", { replace: true, state: { message: t("reset.done") } });
    } catch (error) {
      setServerError(authErrorMessage(error instanceof Error ? error : null));
    }
  });

  const invalid = linkError !== null || !token;

  return (
    <PageContainer size="narrow" className="max-w-lg">
      <Card>
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <KeyRound className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{t("reset.title")}</h1>
          <CardDescription>{t("reset.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {invalid ? (
            <div className="grid gap-4">
              <FormError message={t("reset.invalidLink")} />
              <Button asChild>
                <Link to="/auth/forgot-password">{t("reset.requestNew")}</Link>
              </Button>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("reset.label")}>
              <FormError message={serverError} />
              <FormField label={t("reset.newPassword")} error={errors.password?.message} description={<PasswordRules value={password} />}>
                <Input type="password" autoComplete="new-password" {...form.register("password")} />
              </FormField>
              <FormField label={t("reset.confirmPassword")} error={mismatch(errors.confirmPassword?.message, t)}>
                <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
              </FormField>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? <Spinner className="text-primary-foreground" /> : null}
                {t("reset.submit")}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
