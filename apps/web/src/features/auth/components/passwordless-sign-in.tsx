import { useState, type FormEvent } from "react";
import { Mail, KeyRound } from "lucide-react";
import { MAGIC_LINK_VALID_MINUTES, SIGN_IN_CODE_LENGTH, SIGN_IN_CODE_VALID_MINUTES, emailSchema } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { sessionFlags } from "@/lib/auth";
import { FormError } from "@/features/auth/components/form-error";
import { requestMagicLink, requestSignInCode, signInWithCode } from "@/features/auth/api/sign-in-methods";
import { useTranslation } from "@/lib/i18n";

type Flow = "link" | "code";

/**
 * "E-mail me a sign-in link" and "E-mail me a code": the address, then either the link's
 * confirmation or the code field. The server's refusals (rate limit, two-factor accounts, wrong
 * code) are shown as it words them.
 */
export function PasswordlessSignIn({ flows, callbackURL, onSignedIn }: { flows: { magicLink: boolean; emailCode: boolean }; callbackURL: string; onSignedIn: () => void }) {
  const { t } = useTranslation("auth");
  const [flow, setFlow] = useState<Flow | null>(null);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | undefined>(undefined);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!flows.magicLink && !flows.emailCode) return null;

  const choose = (next: Flow) => {
    setFlow(next);
    setSentTo(null);
    setCode("");
    setServerError(null);
    setCodeError(undefined);
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const parsed = emailSchema.safeParse(email.trim());
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      if (flow === "link") await requestMagicLink(parsed.data, callbackURL);
      else await requestSignInCode(parsed.data);
      setSentTo(parsed.data);
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const value = code.trim();
    if (!new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`).test(value)) {
      setCodeError(t("passwordless.codeFormat", { length: SIGN_IN_CODE_LENGTH }));
      return;
    }
    setCodeError(undefined);
    setBusy(true);
    try {
      await signInWithCode(sentTo ?? email.trim(), value);
      sessionFlags.intentionalSignOut = false;
      onSignedIn();
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={t("passwordless.label")} className="grid gap-3">
      <div className="grid gap-2 sm:grid-cols-2">
        {flows.magicLink ? (
          <Button type="button" variant={flow === "link" ? "secondary" : "outline"} aria-pressed={flow === "link"} onClick={() => choose("link")}>
            <Mail aria-hidden="true" />
            {t("passwordless.link")}
          </Button>
        ) : null}
        {flows.emailCode ? (
          <Button type="button" variant={flow === "code" ? "secondary" : "outline"} aria-pressed={flow === "code"} onClick={() => choose("code")}>
            <KeyRound aria-hidden="true" />
            {t("passwordless.code")}
          </Button>
        ) : null}
      </div>
      {flow && !sentTo ? (
        <form onSubmit={send} noValidate className="grid gap-3" aria-label={flow === "link" ? t("passwordless.link") : t("passwordless.code")}>
          <FormError message={serverError} />
          <FormField label={t("passwordless.emailLabel")} error={emailError}>
            <Input type="email" autoComplete="email" inputMode="email" placeholder={t("emailPlaceholder")} value={email} onChange={(e) => setEmail(e.target.value)} />
          </FormField>
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? <Spinner className="text-primary-foreground" /> : null}
            {flow === "link" ? t("passwordless.sendLink") : t("passwordless.sendCode")}
          </Button>
        </form>
      ) : null}
      {flow === "link" && sentTo ? (
        <Alert role="status">
          <Mail aria-hidden="true" />
          <AlertDescription>{t("passwordless.linkSent", { email: sentTo, minutes: MAGIC_LINK_VALID_MINUTES })}</AlertDescription>
        </Alert>
      ) : null}
      {flow === "code" && sentTo ? (
        <form onSubmit={verify} noValidate className="grid gap-3" aria-label={t("passwordless.enterCode")}>
          <Alert role="status">
            <Mail aria-hidden="true" />
            <AlertDescription>{t("passwordless.codeSent", { email: sentTo, length: SIGN_IN_CODE_LENGTH, minutes: SIGN_IN_CODE_VALID_MINUTES })}</AlertDescription>
          </Alert>
          <FormError message={serverError} />
          <FormField label={t("passwordless.codeLabel")} error={codeError}>
            <Input value={code} onChange={(e) => setCode(e.target.value)} autoComplete="one-time-code" inputMode="numeric" maxLength={SIGN_IN_CODE_LENGTH} autoFocus />
          </FormField>
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? <Spinner className="text-primary-foreground" /> : null}
            {t("passwordless.signInWithCode")}
          </Button>
          <button type="button" className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline" onClick={() => setSentTo(null)}>
            {t("passwordless.newCode")}
          </button>
        </form>
      ) : null}
    </section>
  );
}
