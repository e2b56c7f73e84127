import { useState } from "react";
import { LogIn } from "lucide-react";
import type { SignInProvider } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { FormError } from "@/features/auth/components/form-error";
import { signInWithProvider } from "@/features/auth/api/sign-in-methods";
import { useTranslation } from "@/lib/i18n";

/** "Continue with Google" (…) for each provider the server has configured; none, nothing is shown. */
export function ProviderButtons({ providers, callbackURL }: { providers: SignInProvider[]; callbackURL: string }) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (providers.length === 0) return null;

  const start = async (provider: SignInProvider) => {
    setError(null);
    setBusy(provider.id);
    try {
      await signInWithProvider(provider.id, callbackURL);
    } catch (thrown) {
      setError(errorMessage(thrown));
      setBusy(null);
    }
  };

  return (
    <section aria-label={t("providers.label")} className="grid gap-2">
      <FormError message={error} />
      {providers.map((provider) => (
        <Button key={provider.id} type="button" variant="outline" disabled={busy !== null} onClick={() => void start(provider)}>
          <LogIn aria-hidden="true" />
          {t("providers.continueWith", { name: provider.name })}
        </Button>
      ))}
    </section>
  );
}
