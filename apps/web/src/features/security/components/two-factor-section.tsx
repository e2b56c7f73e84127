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

type Action = "enable" | "disable" | "regenerate";
type Step = { kind: "idle" } | { kind: "password"; action: Action } | { kind: "scan"; uri: string; backupCodes: string[] } | { kind: "codes"; backupCodes: string[] };

function message(error: { code?: string | undefined; message?: string | undefined } | null | undefined) {
  return (error?.code && twoFactorErrorMessages[error.code]) || authErrorMessage(error);
}

const actionText: Record<Action, { title: string; button: string }> = {
  enable: { title: "Confirm your password to set up two-factor authentication", button: "Continue" },
  disable: { title: "Confirm your password to turn two-factor authentication off", button: "Turn off" },
  regenerate: { title: "Confirm your password to create new backup codes (the old ones stop working)", button: "Create new codes" },
};

function SubmitOrCancel({ label, busy, destructive = false, onCancel }: { label: string; busy: boolean; destructive?: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={busy} variant={destructive ? "destructive" : "default"}>
        {label}
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** The backup codes, shown once, with a .txt download. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <Alert>
        <KeyRound aria-hidden="true" />
        <AlertDescription>Save these backup codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.</AlertDescription>
      </Alert>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => downloadText("routepilot-backup-codes.txt", `RoutePilot backup codes (each works once)\n\n${codes.join("\n")}\n`)}>
          <Download aria-hidden="true" />
          Download as .txt
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </div>
  );
}

/** /security: turn TOTP two-factor authentication on (scan, confirm a code, save backup codes) or off, and renew backup codes. */
export function TwoFactorSection() {
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
      setError("Enter your password");
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
        toast.success("Two-factor authentication is off");
        announce("Two-factor authentication is off");
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
      setError("Enter the 6-digit code from your authenticator app");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { error: failed } = await authClient.twoFactor.verifyTotp({ code: code.trim() });
      if (failed) return setError(message(failed));
      setCode("");
      setStep({ kind: "codes", backupCodes });
      toast.success("Two-factor authentication is on");
      announce("Two-factor authentication is on");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">Two-factor authentication</CardTitle>
          <Badge variant={enabled ? "success" : "outline"}>{enabled ? "On" : "Off"}</Badge>
        </div>
        <CardDescription>A code from an authenticator app (Google Authenticator, 1Password, Authy…) is asked for after your password when you sign in.</CardDescription>
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
                  New backup codes
                </Button>
                <Button type="button" variant="destructive" onClick={() => setStep({ kind: "password", action: "disable" })}>
                  Turn off two-factor authentication
                </Button>
              </>
            ) : (
              <Button type="button" onClick={() => setStep({ kind: "password", action: "enable" })}>
                Turn on two-factor authentication
              </Button>
            )}
          </div>
        ) : null}

        {step.kind === "password" ? (
          <form className="grid gap-3" noValidate onSubmit={(e) => void submitPassword(e, step.action)} aria-label={actionText[step.action].title}>
            <p className="text-sm">{actionText[step.action].title}</p>
            <FormField label="Password">
              <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
            </FormField>
            <SubmitOrCancel label={actionText[step.action].button} busy={busy} destructive={step.action === "disable"} onCancel={reset} />
          </form>
        ) : null}

        {step.kind === "scan" ? (
          <form className="grid gap-4" noValidate onSubmit={(e) => void confirmCode(e, step.backupCodes)} aria-label="Confirm your authenticator app">
            <ol className="grid list-decimal gap-1 pl-5 text-sm">
              <li>Scan this QR code with your authenticator app.</li>
              <li>Enter the 6-digit code it shows to finish. Two-factor authentication is on only after this step.</li>
            </ol>
            <div className="w-fit rounded-md bg-white p-3">
              <QRCodeSVG value={step.uri} size={176} title="QR code for your authenticator app" />
            </div>
            <div className="grid gap-1 text-sm">
              <span className="text-muted-foreground">Cannot scan? Enter this key in the app:</span>
              <div className="flex flex-wrap items-center gap-2">
                <code data-testid="totp-secret" className="rounded bg-muted px-2 py-1 font-mono break-all">
                  {secretOf(step.uri)}
                </code>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    void navigator.clipboard?.writeText(secretOf(step.uri) ?? "").then(() => toast.success("Key copied"));
                  }}
                >
                  <Copy aria-hidden="true" />
                  Copy key
                </Button>
              </div>
              <details>
                <summary className="cursor-pointer text-muted-foreground">Setup link</summary>
                <code className="block font-mono text-xs break-all">{step.uri}</code>
              </details>
            </div>
            <FormField label="Code from the app">
              <Input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </FormField>
            <SubmitOrCancel label="Confirm and turn on" busy={busy} onCancel={reset} />
          </form>
        ) : null}

        {step.kind === "codes" ? <BackupCodes codes={step.backupCodes} onDone={reset} /> : null}
      </CardContent>
    </Card>
  );
}
