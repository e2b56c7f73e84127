import { useState } from "react";
import { toast } from "sonner";
import { MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { authClient, authErrorMessage } from "@/lib/auth-client";
import { useAuth } from "@/lib/auth";
import { VERIFIED_CALLBACK_URL } from "@/features/auth/lib/schemas";
import { useTranslation } from "@/lib/i18n";

/** Shown to a signed-in user whose e-mail address is not verified yet, with a resend button. */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const { t } = useTranslation("auth");
  const [sending, setSending] = useState(false);
  if (!user || user.emailVerified) return null;

  async function resend() {
    if (!user) return;
    setSending(true);
    try {
      const { error } = await authClient.sendVerificationEmail({ email: user.email, callbackURL: VERIFIED_CALLBACK_URL });
      if (error) toast.error(authErrorMessage(error));
      else toast.success(t("verifyBanner.resent", { email: user.email }));
    } catch (error) {
      toast.error(authErrorMessage(error instanceof Error ? error : null));
    } finally {
      setSending(false);
    }
  }

  return (
    <div role="region" aria-label={t("verifyBanner.label")} className="border-b bg-warning text-warning-foreground">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p className="flex items-center gap-2 font-medium">
          <MailWarning className="size-4 shrink-0" aria-hidden="true" />
          <span>
            {t("verifyBanner.text")} <span className="font-normal">{t("verifyBanner.sentTo", { email: user.email })}</span>
          </span>
        </p>
        <Button size="sm" variant="outline" onClick={resend} disabled={sending} className="self-start border-current bg-transparent text-current hover:bg-background/40 sm:self-auto">
          {sending ? t("verifyBanner.sending") : t("verifyBanner.resend")}
        </Button>
      </div>
    </div>
  );
}
