import { useState, type FormEvent } from "react";
import { QRCodeSVG } from "qrcode.react";
import { toast } from "sonner";
import { Copy, Download, KeyRound } from "lucide-react";
import { twoFactorErrorMessages } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useAnnounce } from "@/components/a11y/announcer";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { useAuth } from "@/lib/auth";
import { downloadText } from "@/lib/download";
import { secretOf } from "@/features/security/lib/download";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

type Action = "enable" | "disable" | "regenerate";
type Step = { kind: "idle" } | { kind: "password"; action: Action } | { kind: "scan"; uri: string; backupCodes: string[] } | { kind: "codes"; backupCodes: string[] };

/** The plain-words message for a two-factor error (Better Auth's code), in the reader's language; else the server's own message. */
function message(error: { code?: string | undefined; message?: string | undefined } | null | undefined) {
  return translateMessage((error?.code && twoFactorErrorMessages[error.code]) || authErrorMessage(error));
}

const actionText = {
  enable: { title: "twoFactor.enable.title", button: "twoFactor.enable.button" },
  disable: { title: "twoFactor.disable.title", button: "twoFactor.disable.button" },
  regenerate: { title: "twoFactor.regenerate.title", button: "twoFactor.regenerate.button" },
} as const satisfies Record<Action, { title: string; button: string }>;

function SubmitOrCancel({ label, busy, destructive = false, onCancel }: { label: string; busy: boolean; destructive?: boolean; onCancel: () => void }) {
  const { t } = useTranslation("security");
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={busy} variant={destructive ? "destructive" : "default"}>
        {label}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {t("twoFactor.cancel")}
      </Button>
    </div>
  );
}

/** The backup codes, shown once, with a .txt download. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("security");
  return (
    <div className="grid gap-3">
      <Alert>
        <KeyRound aria-hidden="true" />
        <AlertDescription>{t("backupCodes.notice")}</AlertDescription>
      </Alert>
      <ul aria-label={t("backupCodes.label")} className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => downloadText("routepilot-backup-codes.txt", `${t("backupCodes.fileHeading")}\n\n${codes.join("\n")}\n`)}>
          <Download aria-hidden="true" />
          {t("backupCodes.download")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("backupCodes.saved")}
        </Button>
      </div>
    </div>
  );
}

/** /security: turn TOTP two-factor authentication on (scan, confirm a code, save backup codes) or off, and renew backup codes. */
export function TwoFactorSection() {
  const { t } = useTranslation("security");
  const { user } = useAuth();
  const enabled = (user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled === true;
  const announce = useAnnounce();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setStep({ kind: "idle" });
    setPassword("");
    setCode("");
    setError(null);
  };

  const submitPassword = async (event: FormEvent, action: Action) => {
    event.preventDefault();
    if (!password) {
      setError(t("twoFactor.enterPassword"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (action === "enable") {
        const { data, error: failed } = await authClient.twoFactor.enable({ password });
        if (failed || !data || !("totpURI" in data) || !data.totpURI) return setError(message(failed));
        setStep({ kind: "scan", uri: data.totpURI, backupCodes: data.backupCodes ?? [] });
      } else if (action === "disable") {
        const { error: failed } = await authClient.twoFactor.disable({ password });
        if (failed) return setError(message(failed));
        reset();
        toast.success(t("twoFactor.isOff"));
        announce(t("twoFactor.isOff"));
      } else {
        const { data, error: failed } = await authClient.twoFactor.generateBackupCodes({ password });
        if (failed || !data) return setError(message(failed));
        setStep({ kind: "codes", backupCodes: data.backupCodes });
      }
      setPassword("");
    } finally {
      setBusy(false);
    }
  };

  const confirmCode = async (event: FormEvent, backupCodes: string[]) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t("twoFactor.enterCode"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { error: failed } = await authClient.twoFactor.verifyTotp({ code: code.trim() });
      if (failed) return setError(message(failed));
      setCode("");
      setStep({ kind: "codes", backupCodes });
      toast.success(t("twoFactor.isOn"));
      announce(t("twoFactor.isOn"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">{t("twoFactor.title")}</CardTitle>
          <Badge variant={enabled ? "success" : "outline"}>{enabled ? t("twoFactor.on") : t("twoFactor.off")}</Badge>
        </div>
        <CardDescription>{t("twoFactor.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {error ? (
          <Alert variant="destructive">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}

        {step.kind === "idle" ? (
          <div className="flex flex-wrap gap-2">
            {enabled ? (
              <>
                <Button type="button" variant="outline" onClick={() => setStep({ kind: "password", action: "regenerate" })}>
                  {t("twoFactor.newBackupCodes")}
                </Button>
                <Button type="button" variant="destructive" onClick={() => setStep({ kind: "password", action: "disable" })}>
                  {t("twoFactor.turnOff")}
                </Button>
              </>
            ) : (
              <Button type="button" onClick={() => setStep({ kind: "password", action: "enable" })}>
                {t("twoFactor.turnOn")}
              </Button>
            )}
          </div>
        ) : null}

        {step.kind === "password" ? (
          <form className="grid gap-3" noValidate onSubmit={(e) => void submitPassword(e, step.action)} aria-label={t(actionText[step.action].title)}>
            <p className="text-sm">{t(actionText[step.action].title)}</p>
            <FormField label={t("password")}>
              <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
            </FormField>
            <SubmitOrCancel label={t(actionText[step.action].button)} busy={busy} destructive={step.action === "disable"} onCancel={reset} />
          </form>
        ) : null}

        {step.kind === "scan" ? (
          <form className="grid gap-4" noValidate onSubmit={(e) => void confirmCode(e, step.backupCodes)} aria-label={t("twoFactor.confirmApp")}>
            <ol className="grid list-decimal gap-1 pl-5 text-sm">
              <li>{t("twoFactor.scan")}</li>
              <li>{t("twoFactor.finish")}</li>
            </ol>
            <div className="w-fit rounded-md bg-white p-3">
              <QRCodeSVG value={step.uri} size={176} title={t("twoFactor.qrTitle")} />
            </div>
            <div className="grid gap-1 text-sm">
              <span className="text-muted-foreground">{t("twoFactor.cannotScan")}</span>
              <div className="flex flex-wrap items-center gap-2">
                <code data-testid="totp-secret" className="rounded bg-muted px-2 py-1 font-mono break-all">
                  {secretOf(step.uri)}
                </code>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    void navigator.clipboard?.writeText(secretOf(step.uri) ?? "").then(() => toast.success(t("twoFactor.keyCopied")));
                  }}
                >
                  <Copy aria-hidden="true" />
                  {t("twoFactor.copyKey")}
                </Button>
              </div>
              <details>
                <summary className="cursor-pointer text-muted-foreground">{t("twoFactor.setupLink")}</summary>
                <code className="block font-mono text-xs break-all">{step.uri}</code>
              </details>
            </div>
            <FormField label={t("twoFactor.codeFromApp")}>
              <Input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </FormField>
            <SubmitOrCancel label={t("twoFactor.confirmAndTurnOn")} busy={busy} onCancel={reset} />
          </form>
        ) : null}

        {step.kind === "codes" ? <BackupCodes codes={step.backupCodes} onDone={reset} /> : null}
      </CardContent>
    </Card>
  );
}
