import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Copy, KeyRound, Trash2 } from "lucide-react";
import { API_KEY_EXPIRY_DAYS, createApiKeySchema, publicApiMessages, type ApiKeyExpiryDays, type ApiKeyItem, type CreatedApiKey } from "@routepilot/contracts";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorCard } from "@/components/errors/error-card";
import { InlineError } from "@/components/errors/inline-error";
import { useFormat } from "@/lib/format";
import { useServerFieldErrors } from "@/lib/use-server-field-errors";
import { translateMessage } from "@/lib/server-messages";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "@/features/settings/api/api-keys";
import { SettingsSection } from "@/features/settings/components/settings-section";
import { Trans, useTranslation } from "@/lib/i18n";

const EXPIRY_CHOICES: { value: string; days: number | null }[] = [...API_KEY_EXPIRY_DAYS.map((d) => ({ value: String(d), days: d })), { value: "never", days: null }];

/** The new key's secret, shown once with a copy button until dismissed. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation("settings");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-label={t("apiKeys.newKey")} className="outline-none">
      <Alert>
        <KeyRound aria-hidden="true" />
        <AlertTitle>{t("apiKeys.yourNewKey", { name: created.name })}</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>{translateMessage(publicApiMessages.keyCreated)}</p>
          <code className="block rounded bg-muted px-2 py-1 font-mono text-xs break-all" data-testid="new-api-key">
            {created.key}
          </code>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              onClick={() => {
                void navigator.clipboard
                  ?.writeText(created.key)
                  .then(() => toast.success(t("apiKeys.copied")))
                  .catch(() => toast.error(t("apiKeys.copyFailed")));
              }}
            >
              <Copy aria-hidden="true" />
              {t("apiKeys.copy")}
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onDone}>
              {t("apiKeys.copiedIt")}
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    </div>
  );
}

function RevokeKey({ apiKey }: { apiKey: ApiKeyItem }) {
  const { t } = useTranslation("settings");
  const revoke = useRevokeApiKey();
  return (
    <ConfirmButton
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={t("apiKeys.revokeLabel", { name: apiKey.name })}>
          <Trash2 aria-hidden="true" />
          {t("apiKeys.revoke")}
        </Button>
      }
      title={t("apiKeys.revokeTitle", { name: apiKey.name })}
      description={t("apiKeys.revokeDescription")}
      confirmLabel={t("apiKeys.revokeConfirm")}
      onConfirm={() => revoke.mutateAsync(apiKey.id).then(() => toast.success(translateMessage(publicApiMessages.keyRevokedDone)))}
    />
  );
}

function KeyList({ keys }: { keys: ApiKeyItem[] }) {
  const format = useFormat();
  const { t } = useTranslation("settings");
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">{t("apiKeys.none")}</p>;
  return (
    <ul className="grid gap-2" aria-label={t("apiKeys.list")}>
      {keys.map((k) => {
        const expired = k.expiresAt !== null && Date.parse(k.expiresAt) < Date.now();
        return (
          <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
            <div className="grid gap-1 text-sm">
              <span className="font-medium">{k.name}</span>
              <span className="font-mono text-xs text-muted-foreground">{k.start}…</span>
              <span className="text-muted-foreground">
                {t("apiKeys.createdOn", { date: format.date(k.createdAt) })} ·{" "}
                {k.expiresAt ? (expired ? t("apiKeys.expired", { date: format.date(k.expiresAt) }) : t("apiKeys.expires", { date: format.date(k.expiresAt) })) : t("apiKeys.neverExpires")} ·{" "}
                {k.lastUsedAt ? t("apiKeys.lastUsed", { date: format.date(k.lastUsedAt) }) : t("apiKeys.neverUsed")}
              </span>
            </div>
            <RevokeKey apiKey={k} />
          </li>
        );
      })}
    </ul>
  );
}

/** Settings → API keys: create (name, expiry; the secret shown once), list and revoke keys for /api/v1. */
export function ApiKeysSection() {
  const { t } = useTranslation("settings");
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState("90");
  // The form's own checks; the server's refusal is shown at the field it names, else above the button (decision 018).
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const server = useServerFieldErrors(create.error);
  const errors = { name: localErrors.name ?? server.fieldError("name"), expiresInDays: localErrors.expiresInDays ?? server.fieldError("expiresInDays") };
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const expiresInDays: ApiKeyExpiryDays = expiry === "never" ? null : (Number(expiry) as ApiKeyExpiryDays);
    const parsed = createApiKeySchema.safeParse({ name, expiresInDays });
    if (!parsed.success) {
      create.reset();
      setLocalErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "name"), i.message])));
      return;
    }
    setLocalErrors({});
    create.mutate(parsed.data, {
      onSuccess: (key) => {
        setCreated(key);
        setName("");
      },
    });
  };

  return (
    <SettingsSection id="api-keys" title={t("apiKeys.title")} description={t("apiKeys.description")} icon={KeyRound}>
      <p className="text-sm text-muted-foreground">
        <Trans
          t={t}
          i18nKey="apiKeys.howTo"
          components={{ code: <code className="font-mono" />, docs: <Link to="/support-docs#api" className="underline underline-offset-4" /> }}
        />
      </p>
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
      <form ref={server.ref} onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border border-dashed p-4" aria-labelledby="new-api-key-heading">
        <h3 id="new-api-key-heading" className="text-base font-semibold">
          {t("apiKeys.create")}
        </h3>
        <FormField label={t("apiKeys.name")} error={errors.name} description={t("apiKeys.nameHint")}>
          <Input name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" />
        </FormField>
        <fieldset className="grid gap-2" data-field="expiresInDays">
          <legend className="mb-2 text-sm font-medium">{t("apiKeys.expiresAfter")}</legend>
          <RadioGroup value={expiry} onValueChange={setExpiry} className="flex flex-wrap gap-4" aria-describedby={errors.expiresInDays ? "api-key-expiry-error" : undefined}>
            {EXPIRY_CHOICES.map((c) => (
              <div key={c.value} className="flex items-center gap-2">
                <RadioGroupItem value={c.value} id={`api-key-expiry-${c.value}`} />
                <Label htmlFor={`api-key-expiry-${c.value}`}>{c.days === null ? t("apiKeys.never") : t("apiKeys.days", { count: c.days })}</Label>
              </div>
            ))}
          </RadioGroup>
          {errors.expiresInDays ? (
            <p id="api-key-expiry-error" className="text-sm font-medium text-destructive">
              {errors.expiresInDays}
            </p>
          ) : null}
        </fieldset>
        <InlineError error={server.formError} />
        <div>
          <Button type="submit" disabled={create.isPending}>
            <KeyRound aria-hidden="true" />
            {t("apiKeys.submit")}
          </Button>
        </div>
      </form>
      {keys.isPending ? <Skeleton className="h-20" /> : keys.isError ? <ErrorCard message={t("apiKeys.loadFailed")} onRetry={() => void keys.refetch()} /> : <KeyList keys={keys.data} />}
    </SettingsSection>
  );
}
