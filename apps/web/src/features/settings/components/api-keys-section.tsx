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
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "@/features/settings/api/api-keys";
import { SettingsSection } from "@/features/settings/components/settings-section";

const EXPIRY_CHOICES: { value: string; label: string }[] = [...API_KEY_EXPIRY_DAYS.map((d) => ({ value: String(d), label: `${d} days` })), { value: "never", label: "Never" }];

/** The new key's secret, shown once with a copy button until dismissed. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-label="New API key" className="outline-none">
      <Alert>
        <KeyRound aria-hidden="true" />
        <AlertTitle>Your new key “{created.name}”</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>{publicApiMessages.keyCreated}</p>
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
                  .then(() => toast.success("API key copied"))
                  .catch(() => toast.error("Could not copy: select the key and copy it"));
              }}
            >
              <Copy aria-hidden="true" />
              Copy key
            </Button>
            <Button type="button" size="sm" variant="outline" onClick={onDone}>
              I have copied it
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    </div>
  );
}

function RevokeKey({ apiKey }: { apiKey: ApiKeyItem }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmButton
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={`Revoke ${apiKey.name}`}>
          <Trash2 aria-hidden="true" />
          Revoke
        </Button>
      }
      title={`Revoke “${apiKey.name}”?`}
      description="Integrations using this key stop working at once: their requests get 401. This cannot be undone."
      confirmLabel="Revoke key"
      onConfirm={() => revoke.mutateAsync(apiKey.id).then(() => toast.success(publicApiMessages.keyRevokedDone))}
    />
  );
}

function KeyList({ keys }: { keys: ApiKeyItem[] }) {
  const format = useFormat();
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">You have no API keys yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Your API keys">
      {keys.map((k) => {
        const expired = k.expiresAt !== null && Date.parse(k.expiresAt) < Date.now();
        return (
          <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
            <div className="grid gap-1 text-sm">
              <span className="font-medium">{k.name}</span>
              <span className="font-mono text-xs text-muted-foreground">{k.start}…</span>
              <span className="text-muted-foreground">
                Created {format.date(k.createdAt)} · {k.expiresAt ? `${expired ? "Expired" : "Expires"} ${format.date(k.expiresAt)}` : "Never expires"} · {k.lastUsedAt ? `Last used ${format.date(k.lastUsedAt)}` : "Never used"}
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
    <SettingsSection id="api-keys" title="API keys" description="Keys let your own software call the RoutePilot API (POST /api/v1/optimize) as you, within your plan's limits and route quota." icon={KeyRound}>
      <p className="text-sm text-muted-foreground">
        Send a key as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. See the <Link to="/support-docs#api" className="underline underline-offset-4">API documentation</Link> for examples.
      </p>
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
      <form ref={server.ref} onSubmit={onSubmit} noValidate className="grid gap-4 rounded-lg border border-dashed p-4" aria-labelledby="new-api-key-heading">
        <h3 id="new-api-key-heading" className="text-base font-semibold">
          Create a key
        </h3>
        <FormField label="Key name" error={errors.name} description="What uses it, e.g. “Warehouse system”.">
          <Input name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" />
        </FormField>
        <fieldset className="grid gap-2" data-field="expiresInDays">
          <legend className="mb-2 text-sm font-medium">Expires after</legend>
          <RadioGroup value={expiry} onValueChange={setExpiry} className="flex flex-wrap gap-4" aria-describedby={errors.expiresInDays ? "api-key-expiry-error" : undefined}>
            {EXPIRY_CHOICES.map((c) => (
              <div key={c.value} className="flex items-center gap-2">
                <RadioGroupItem value={c.value} id={`api-key-expiry-${c.value}`} />
                <Label htmlFor={`api-key-expiry-${c.value}`}>{c.label}</Label>
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
            Create key
          </Button>
        </div>
      </form>
      {keys.isPending ? <Skeleton className="h-20" /> : keys.isError ? <ErrorCard message="Your API keys could not be loaded. Please try again." onRetry={() => void keys.refetch()} /> : <KeyList keys={keys.data} />}
    </SettingsSection>
  );
}
