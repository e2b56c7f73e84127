import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { AlertCircle, CheckCircle2, KeyRound, Link2, LogIn } from "lucide-react";
import { signInRedirectError, type Identity } from "@routepilot/contracts";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { linkProvider, useConfiguredProviders, useIdentities, useUnlinkIdentity } from "@/features/security/api/sign-in-methods";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

function IdentityRow({ identity, onRemove, busy }: { identity: Identity; onRemove: () => void; busy: boolean }) {
  const password = identity.providerId === "credential";
  const format = useFormat();
  const { t } = useTranslation("security");
  const Icon = password ? KeyRound : LogIn;
  // The server names the password "Password"; providers keep their own names.
  const name = password ? t("password") : identity.name;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" aria-label={name}>
      <div className="flex min-w-0 gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid min-w-0 gap-0.5 text-sm">
          <div className="font-medium">{name}</div>
          <div className="text-muted-foreground">{t(password ? "methods.setAt" : "methods.linkedAt", { date: format.dateTime(identity.linkedAt) })}</div>
        </div>
      </div>
      {password ? null : (
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onRemove} aria-label={t("methods.unlinkLabel", { name: identity.name })}>
          {t("methods.unlink")}
        </Button>
      )}
    </li>
  );
}

/**
 * /security: the ways to sign in (the password and linked provider accounts), unlink one (never
 * the last: the server refuses with its message, shown here) and link another configured provider.
 */
export function SignInMethodsSection() {
  const { t } = useTranslation("security");
  const identities = useIdentities();
  const providers = useConfiguredProviders();
  const unlink = useUnlinkIdentity();
  const [searchParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [linking, setLinking] = useState<string | null>(null);
  // Back from a provider: ?linked=1 on success, ?error=CODE otherwise.
  const redirectError = signInRedirectError(searchParams.get("error"));
  const returnedError = redirectError ? translateMessage(redirectError) : null;
  const linked = searchParams.get("linked") === "1";
  const linkedIds = new Set(identities.data?.map((i) => i.providerId));
  const linkable = (providers.data ?? []).filter((p) => !linkedIds.has(p.id));

  const remove = (identity: Identity) => {
    setError(null);
    unlink.mutate(identity.id, {
      onSuccess: () => toast.success(t("methods.removed", { name: identity.name })),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  const link = async (provider: string) => {
    setError(null);
    setLinking(provider);
    try {
      await linkProvider(provider);
    } catch (failure) {
      // linkProvider's refusals carry the contracts' English text, without a key from the server.
      setError(translateMessage(errorMessage(failure)));
      setLinking(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("methods.title")}</CardTitle>
        <CardDescription>{t("methods.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {linked && !returnedError ? (
          <Alert role="status">
            <CheckCircle2 aria-hidden="true" />
            <AlertDescription>{t("methods.linked")}</AlertDescription>
          </Alert>
        ) : null}
        {error ?? returnedError ? (
          <Alert variant="destructive" role="alert">
            <AlertCircle aria-hidden="true" />
            <AlertDescription>{error ?? returnedError}</AlertDescription>
          </Alert>
        ) : null}
        {identities.isPending ? (
          <div className="grid gap-2">
            <Skeleton className="h-12 w-full" />
          </div>
        ) : identities.isError ? (
          <ErrorCard message={errorMessage(identities.error)} onRetry={() => void identities.refetch()} />
        ) : (
          <ul className="divide-y" aria-label={t("methods.title")}>
            {identities.data.length === 0 ? <li className="py-3 text-sm text-muted-foreground">{t("methods.none")}</li> : null}
            {identities.data.map((identity) => (
              <IdentityRow key={identity.id} identity={identity} busy={unlink.isPending} onRemove={() => remove(identity)} />
            ))}
          </ul>
        )}
        {linkable.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("methods.linkAnother")}>
            <span className="text-sm text-muted-foreground">{t("methods.linkAnotherIntro")}</span>
            {linkable.map((provider) => (
              <Button key={provider.id} type="button" variant="outline" disabled={linking !== null} onClick={() => void link(provider.id)}>
                <Link2 aria-hidden="true" />
                {t("methods.link", { name: provider.name })}
              </Button>
            ))}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
