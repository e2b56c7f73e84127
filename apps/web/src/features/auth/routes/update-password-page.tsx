import { useState } from "react";
import { Link } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "sonner";
import { LockKeyhole } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { LoadingScreen } from "@/components/loading-screen";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { useAuth } from "@/lib/auth";
import { updatePasswordFormSchema, type UpdatePasswordFormValues } from "@/features/auth/lib/schemas";
import { FormError } from "@/features/auth/components/form-error";
import { PasswordRules } from "@/features/auth/components/password-rules";
import { useTranslation } from "@/lib/i18n";
import { mismatch } from "@/features/auth/lib/schemas";

function UpdatePasswordForm() {
  const { t } = useTranslation("auth");
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<UpdatePasswordFormValues>({
    resolver: zodResolver(updatePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: "newPassword" }) ?? "";

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { error } = await authClient.changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: true,
      });
      if (error) {
        setServerError(authErrorMessage(error));
        return;
      }
      form.reset();
      toast.success(t("update.done"));
    } catch (error) {
      setServerError(authErrorMessage(error instanceof Error ? error : null));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("update.label")}>
      <FormError message={serverError} />
      <FormField label={t("update.currentPassword")} error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("currentPassword")} />
      </FormField>
      <FormField label={t("reset.newPassword")} error={errors.newPassword?.message} description={<PasswordRules value={newPassword} />}>
        <Input type="password" autoComplete="new-password" {...form.register("newPassword")} />
      </FormField>
      <FormField label={t("reset.confirmPassword")} error={mismatch(errors.confirmPassword?.message, t)}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? <Spinner className="text-primary-foreground" /> : null}
        {t("update.submit")}
      </Button>
    </form>
  );
}

/** /update-password: a signed-in user changes their password (current + new). */
export function UpdatePasswordPage() {
  const { t } = useTranslation("auth");
  const { user, isPending } = useAuth();
  if (isPending && !user) return <LoadingScreen />;
  return (
    <PageContainer size="narrow" className="max-w-lg">
      <Card>
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <LockKeyhole className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{t("update.title")}</h1>
          <CardDescription>{t("update.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          {user ? (
            <UpdatePasswordForm />
          ) : (
            <div className="grid gap-3 text-center text-sm text-muted-foreground">
              <p>{t("update.signInFirst")}</p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button asChild>
                  <Link to="/auth/sign-in?redirect=%2Fupdate-password">{t("signIn")}</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to="/auth/forgot-password">{t("update.forgot")}</Link>
                </Button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
