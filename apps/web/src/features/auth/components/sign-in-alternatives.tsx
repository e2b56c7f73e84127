import { useSignInOptions } from "@/features/auth/api/sign-in-methods";
import { PasswordlessSignIn } from "@/features/auth/components/passwordless-sign-in";
import { ProviderButtons } from "@/features/auth/components/provider-buttons";
import { useTranslation } from "@/lib/i18n";

/**
 * Below the password form: sign in by e-mail (link or code) and with the configured providers.
 * Shown only for what the server offers (GET /api/sign-in-options).
 */
export function SignInAlternatives({ callbackURL, onSignedIn }: { callbackURL: string; onSignedIn: () => void }) {
  const { t } = useTranslation("auth");
  const options = useSignInOptions();
  if (!options.data) return null;
  const { passwordless, providers } = options.data;
  if (!passwordless.magicLink && !passwordless.emailCode && providers.length === 0) return null;
  return (
    <div className="mt-6 grid gap-4">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t("or")}
        <span className="h-px flex-1 bg-border" />
      </div>
      <ProviderButtons providers={providers} callbackURL={callbackURL} />
      <PasswordlessSignIn flows={passwordless} callbackURL={callbackURL} onSignedIn={onSignedIn} />
    </div>
  );
}
