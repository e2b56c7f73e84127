import { useState, type FormEvent } from "react";
import { accountSecurityMessages, twoFactorErrorMessages } from "@routepilot/contracts";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { FormError } from "@/features/auth/components/form-error";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

type Method = "totp" | "backup";

/** The plain-words message for a two-factor error (Better Auth's code), else its own message; in the reader's language when it is a contracts text. */
export function twoFactorMessage(error: { code?: string | undefined; message?: string | undefined } | null | undefined): string {
  return translateMessage((error?.code && twoFactorErrorMessages[error.code]) || authErrorMessage(error));
}

/**
 * Sign-in's second step for accounts with two-factor authentication on: the 6-digit code from the
 * authenticator app, or one of the backup codes. "Trust this device" is off unless ticked.
 */
export function TwoFactorStep({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const { t } = useTranslation("auth");
  const [method, setMethod] = useState<Method>("totp");
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const value = code.trim();
    if (method === "totp" && !/^\d{6}$/.test(value)) {
      setFieldError(translateMessage(accountSecurityMessages.codeRequired));
      return;
    }
    if (method === "backup" && value.length < 4) {
      setFieldError(t("twoFactor.backupFormat"));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const { error: failed } = method === "totp" ? await authClient.twoFactor.verifyTotp({ code: value, trustDevice }) : await authClient.twoFactor.verifyBackupCode({ code: value, trustDevice });
      if (failed) {
        setError(twoFactorMessage(failed));
        return;
      }
      onVerified();
    } catch (thrown) {
      setError(translateMessage(authErrorMessage(thrown instanceof Error ? thrown : null)));
    } finally {
      setBusy(false);
    }
  };

  const switchMethod = () => {
    setMethod(method === "totp" ? "backup" : "totp");
    setCode("");
    setError(null);
    setFieldError(undefined);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t("twoFactor.label")}>
      <p className="text-sm text-muted-foreground">
        {method === "totp" ? t("twoFactor.totpIntro") : t("twoFactor.backupIntro")}
      </p>
      <FormError message={error} />
      <FormField label={method === "totp" ? t("twoFactor.totpCode") : t("twoFactor.backupCode")} error={fieldError}>
        <Input
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          inputMode={method === "totp" ? "numeric" : "text"}
          maxLength={method === "totp" ? 6 : 32}
          autoFocus
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" checked={trustDevice} onChange={(e) => setTrustDevice(e.target.checked)} />
        {t("twoFactor.trust")}
      </label>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? <Spinner className="text-primary-foreground" /> : null}
        {t("twoFactor.verify")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={switchMethod}>
          {method === "totp" ? t("twoFactor.useBackup") : t("twoFactor.useApp")}
        </button>
        <button type="button" className="font-medium text-muted-foreground underline-offset-4 hover:underline" onClick={onCancel}>
          {t("backToSignIn")}
        </button>
      </div>
    </form>
  );
}
