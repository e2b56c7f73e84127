import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Download, Trash2 } from "lucide-react";
import { DELETE_CONFIRMATION, REAUTH_VALID_MINUTES } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { InlineError } from "@/components/errors/inline-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, errorMessage } from "@/lib/api-client";
import { fieldErrorsOf } from "@/lib/use-server-field-errors";
import { authClient } from "@/lib/auth-client";
import { sessionFlags, useAuth } from "@/lib/auth";
import { deleteMyAccount, exportMyData, reauthenticate } from "@/features/security/api/account-security";
import { downloadText } from "@/lib/download";
import { DOWNLOAD_DATA_ID } from "@/features/security/components/download-data-section";
import { Trans, useTranslation } from "@/lib/i18n";

type Step = "reauth" | "export" | "delete";
/** The fields each step's form shows next to its controls. */
const stepFields: Record<Step, readonly string[]> = { reauth: ["password", "code"], export: [], delete: ["confirmation"] };

/**
 * /delete-account (UserDeletion): confirm the password (and the two-factor code), download the data,
 * then delete the account for good.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation("security");
  const { user } = useAuth();
  const twoFactor = (user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled === true;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [exported, setExported] = useState(false);
  const [typed, setTyped] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  // A failure is shown in the step that failed, by its button (decision 018): the page is long on a phone.
  const [error, setError] = useState<{ step: Step; message: string } | null>(null);
  const [busy, setBusy] = useState<Step | null>(null);

  const fail = (thrown: unknown, step: Step) => {
    const f = fieldErrorsOf(thrown);
    setFields(f);
    const shown = Object.keys(f).filter((k) => stepFields[step].includes(k));
    const others = Object.entries(f).filter(([k]) => !shown.includes(k));
    const message = shown.length === 0 ? errorMessage(thrown) : others.map(([, m]) => m).join(" ");
    setError(message ? { step, message } : null);
    // The confirmation ran out: ask for the password again.
    if (thrown instanceof ApiError && thrown.status === 403) setConfirmed(false);
  };
  const errorAt = (step: Step) => (error?.step === step ? error.message : null);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy("reauth");
    setError(null);
    setFields({});
    try {
      await reauthenticate({ password, ...(twoFactor ? { code: code.trim() } : {}) });
      setConfirmed(true);
      setPassword("");
      setCode("");
    } catch (thrown) {
      fail(thrown, "reauth");
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    setBusy("export");
    setError(null);
    try {
      const data = await exportMyData();
      downloadText(`routepilot-data-${data.exportedAt.slice(0, 10)}.json`, JSON.stringify(data, null, 2), "application/json");
      setExported(true);
    } catch (thrown) {
      fail(thrown, "export");
    } finally {
      setBusy(null);
    }
  };

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    setBusy("delete");
    setError(null);
    setFields({});
    try {
      await deleteMyAccount({ confirmation: typed });
    } catch (thrown) {
      fail(thrown, "delete");
      setBusy(null);
      return;
    }
    // Leave the protected page first: once the session is gone it would send the visitor to /auth.
    sessionFlags.intentionalSignOut = true;
    navigate("/", { replace: true });
    toast.success(t("delete.deleted"));
    await authClient.signOut().catch(() => undefined);
    queryClient.clear();
  };

  return (
    <PageContainer size="narrow">
      <PageHeader title={t("delete.title")} description={t("delete.description")} />
      <p className="mb-6 text-sm text-muted-foreground">
        <Trans t={t} i18nKey="delete.onlyCopy" components={{ download: <Link to={`/security#${DOWNLOAD_DATA_ID}`} className="font-medium text-primary underline underline-offset-4" /> }} />
      </p>
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t("delete.confirmTitle")}</CardTitle>
            <CardDescription>{t(twoFactor ? "delete.confirmWithCode" : "delete.confirmWithPassword", { minutes: REAUTH_VALID_MINUTES })}</CardDescription>
          </CardHeader>
          <CardContent>
            {confirmed ? (
              <p className="text-sm font-medium text-success" role="status">
                {t("delete.confirmed")}
              </p>
            ) : (
              <form className="grid gap-3" noValidate onSubmit={(e) => void confirm(e)} aria-label={t("delete.confirmLabel")}>
                <FormField label={t("password")} error={fields.password}>
                  <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
                </FormField>
                {twoFactor ? (
                  <FormField label={t("authCode")} error={fields.code}>
                    <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
                  </FormField>
                ) : null}
                <InlineError error={errorAt("reauth")} />
                <Button type="submit" className="w-fit" disabled={busy !== null}>
                  {busy === "reauth" ? <Spinner className="text-primary-foreground" /> : null}
                  {t("delete.confirm")}
                </Button>
              </form>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">{t("delete.downloadTitle")}</CardTitle>
            <CardDescription>{t("delete.downloadDescription")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap items-center gap-3">
            <Button type="button" variant="outline" disabled={!confirmed || busy !== null} onClick={() => void download()}>
              {busy === "export" ? <Spinner /> : <Download aria-hidden="true" />}
              {t("download.title")}
            </Button>
            {exported ? (
              <span className="text-sm text-success" role="status">
                {t("delete.downloaded")}
              </span>
            ) : null}
            <InlineError error={errorAt("export")} className="w-full" />
          </CardContent>
        </Card>

        <Card className="border-destructive/50">
          <CardHeader>
            <CardTitle as="h2">{t("delete.deleteTitle")}</CardTitle>
            <CardDescription>{t("delete.deleteDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="grid gap-3" noValidate onSubmit={(e) => void remove(e)} aria-label={t("account.delete")}>
              <FormField label={t("delete.typeToConfirm", { word: DELETE_CONFIRMATION })} error={fields.confirmation}>
                <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" disabled={!confirmed} />
              </FormField>
              <InlineError error={errorAt("delete")} />
              <Button type="submit" variant="destructive" className="w-fit" disabled={!confirmed || typed !== DELETE_CONFIRMATION || busy !== null}>
                {busy === "delete" ? <Spinner /> : <Trash2 aria-hidden="true" />}
                {t("account.delete")}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
