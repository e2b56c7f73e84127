import { useState } from "react";
import { customerMessageKinds, customerMessagePlaceholders, type CustomerMessageKind, type CustomerMessageSettings } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { ErrorCard } from "@/components/errors/error-card";
import { InlineError } from "@/components/errors/inline-error";
import type { TFunction } from "i18next";
import { useTranslation } from "@/lib/i18n";
import { useServerFieldErrors } from "@/lib/use-server-field-errors";
import { useCustomerMessages, useSaveCustomerMessages } from "@/features/customer-messages/api/customer-messages";

export const kindLabels = {
  on_its_way: "kind.on_its_way",
  next: "kind.next",
  delivered: "kind.delivered",
  missed: "kind.missed",
} as const satisfies Record<CustomerMessageKind, string>;

const placeholderHelp = {
  "{customer}": "placeholder.customer",
  "{team}": "placeholder.team",
  "{stop}": "placeholder.stop",
  "{window}": "placeholder.window",
  "{driver}": "placeholder.driver",
  "{tracking_link}": "placeholder.tracking_link",
  "{reason}": "placeholder.reason",
  "{date}": "placeholder.date",
} as const satisfies Record<(typeof customerMessagePlaceholders)[number], string>;

/** Sample values for the preview (in the reader's language); the real e-mail fills them from the stop. */
export function previewText(text: string, teamName: string, t: TFunction<"customer-messages">): string {
  const sample: Record<string, string> = {
    customer: t("sample.customer"),
    team: teamName,
    stop: t("sample.stop"),
    window: t("sample.window"),
    driver: t("sample.driver"),
    tracking_link: `${window.location.origin}/track/sample`,
    reason: t("sample.reason"),
    date: t("sample.date"),
  };
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => sample[name] ?? whole);
}

function Editor({ teamName, settings, canEdit, onSave, saving, error, saved }: {
  teamName: string;
  settings: CustomerMessageSettings;
  canEdit: boolean;
  onSave: (s: CustomerMessageSettings) => void;
  saving: boolean;
  error: unknown;
  saved: boolean;
}) {
  const { t } = useTranslation("customer-messages");
  const [draft, setDraft] = useState(settings);
  const [quiet, setQuiet] = useState(settings.quietHours ?? { start: "21:00", end: "07:00" });
  const [quietOn, setQuietOn] = useState(settings.quietHours !== null);
  const server = useServerFieldErrors(error);
  const fields = server.fields;
  // A refused template opens its tab, so its field can be shown and focused.
  const [tab, setTab] = useState<string>("on_its_way");
  const [shownError, setShownError] = useState(error);
  if (error !== shownError) {
    setShownError(error);
    const refused = customerMessageKinds.find((kind) => Object.keys(fields).some((k) => k.startsWith(`templates.${kind}.`)));
    if (refused) setTab(refused);
  }
  const setTemplate = (kind: CustomerMessageKind, part: "subject" | "body", value: string) =>
    setDraft((d) => ({ ...d, templates: { ...d.templates, [kind]: { ...d.templates[kind], [part]: value } } }));
  const quietError = fields.quietHours ?? fields["quietHours.start"] ?? fields["quietHours.end"];
  return (
    <form
      ref={server.ref}
      aria-label={t("title")}
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ ...draft, quietHours: quietOn ? quiet : null });
      }}
    >
      {!canEdit ? <p className="text-sm text-muted-foreground">{t("readOnly")}</p> : null}
      <fieldset disabled={!canEdit} className="grid gap-4">
        <div className="flex items-center gap-3">
          <Switch id="customer-messages-enabled" checked={draft.enabled} onCheckedChange={(enabled) => setDraft((d) => ({ ...d, enabled }))} />
          <label htmlFor="customer-messages-enabled" className="text-sm font-medium">
            {t("enabled")}
          </label>
        </div>
        <div className="grid gap-2" data-field="quietHours">
          <div className="flex items-center gap-3">
            <Switch id="customer-messages-quiet" checked={quietOn} onCheckedChange={setQuietOn} />
            <label htmlFor="customer-messages-quiet" className="text-sm font-medium">
              {t("quietHours")}
            </label>
          </div>
          {quietOn ? (
            <div className="flex flex-wrap gap-3">
              <FormField label={t("from")} className="w-32">
                <Input name="quietHours.start" type="time" value={quiet.start} onChange={(e) => setQuiet((q) => ({ ...q, start: e.target.value }))} />
              </FormField>
              <FormField label={t("until")} className="w-32">
                <Input name="quietHours.end" type="time" value={quiet.end} onChange={(e) => setQuiet((q) => ({ ...q, end: e.target.value }))} />
              </FormField>
            </div>
          ) : null}
          {quietError ? <p className="text-sm font-medium text-destructive">{quietError}</p> : null}
        </div>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label={t("tabs")} className="flex-wrap">
            {customerMessageKinds.map((kind) => (
              <TabsTrigger key={kind} value={kind}>
                {t(kindLabels[kind])}
              </TabsTrigger>
            ))}
          </TabsList>
          {customerMessageKinds.map((kind) => {
            const template = draft.templates[kind];
            return (
              <TabsContent key={kind} value={kind} className="grid gap-3 pt-3 lg:grid-cols-2">
                <div className="grid content-start gap-3">
                  <FormField label={t("subject")} error={fields[`templates.${kind}.subject`]}>
                    <Input name={`templates.${kind}.subject`} value={template.subject} maxLength={200} onChange={(e) => setTemplate(kind, "subject", e.target.value)} />
                  </FormField>
                  <FormField label={t("message")} error={fields[`templates.${kind}.body`]}>
                    <Textarea name={`templates.${kind}.body`} value={template.body} rows={10} maxLength={5000} onChange={(e) => setTemplate(kind, "body", e.target.value)} />
                  </FormField>
                </div>
                <section aria-label={t("preview", { kind: t(kindLabels[kind]) })} className="grid content-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
                  <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("previewTitle")}</p>
                  <p className="font-semibold break-words">{previewText(template.subject, teamName, t)}</p>
                  <p className="break-words whitespace-pre-wrap">{previewText(template.body, teamName, t)}</p>
                  <p className="text-xs text-muted-foreground">{t("unsubscribeNote")}</p>
                </section>
              </TabsContent>
            );
          })}
        </Tabs>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">{t("placeholders")}</summary>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {customerMessagePlaceholders.map((p) => (
              <li key={p}>
                <code className="rounded bg-muted px-1">{p}</code> — {t(placeholderHelp[p])}
              </li>
            ))}
          </ul>
        </details>
      </fieldset>
      {canEdit ? (
        <div className="flex items-center gap-3">
          <Button type="submit" variant="outline" disabled={saving}>
            {t("save")}
          </Button>
          {saved ? (
            <span role="status" className="text-sm">
              {t("saved")}
            </span>
          ) : null}
          <InlineError error={server.formError} />
        </div>
      ) : null}
    </form>
  );
}

/**
 * The team's customer e-mails (issue 12): on/off, quiet hours and the four templates with a
 * preview. Owners and admins edit; managers read.
 */
export function CustomerMessagesCard({ team }: { team: { id: string; name: string; role: string } }) {
  const { t } = useTranslation("customer-messages");
  const settings = useCustomerMessages(team.id);
  const save = useSaveCustomerMessages(team.id);
  const [saved, setSaved] = useState(false);
  const canEdit = team.role === "owner" || team.role === "admin";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          {t("title")}
        </CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner />
        ) : settings.isError ? (
          <ErrorCard message={t("loadError")} onRetry={() => void settings.refetch()} />
        ) : (
          <Editor
            key={team.id}
            teamName={team.name}
            settings={settings.data}
            canEdit={canEdit}
            saving={save.isPending}
            error={save.error}
            saved={saved}
            onSave={(s) => {
              setSaved(false);
              save.mutate(s, { onSuccess: () => setSaved(true) });
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
