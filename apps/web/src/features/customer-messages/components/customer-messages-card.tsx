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
import { useServerFieldErrors } from "@/lib/use-server-field-errors";
import { useCustomerMessages, useSaveCustomerMessages } from "@/features/customer-messages/api/customer-messages";

export const kindLabels: Record<CustomerMessageKind, string> = {
  on_its_way: "On its way",
  next: "You're next",
  delivered: "Delivered",
  missed: "We missed you",
};

const placeholderHelp: Record<(typeof customerMessagePlaceholders)[number], string> = {
  "{customer}": "the customer's name",
  "{team}": "your team's name",
  "{stop}": "the stop's name",
  "{window}": "the arrival window, e.g. 14:05 and 14:35",
  "{driver}": "the driver's first name",
  "{tracking_link}": "the tracking page link",
  "{reason}": "why a delivery failed",
  "{date}": "the delivery date",
};

/** Sample values for the preview; the real e-mail fills them from the stop. */
export function previewText(text: string, teamName: string): string {
  const sample: Record<string, string> = {
    customer: "Alex Example",
    team: teamName,
    stop: "12 High Street",
    window: "14:05 and 14:35",
    driver: "Sam",
    tracking_link: `${window.location.origin}/track/sample`,
    reason: "not home",
    date: "Monday 23 November",
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
      aria-label="Customer e-mails"
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ ...draft, quietHours: quietOn ? quiet : null });
      }}
    >
      {!canEdit ? <p className="text-sm text-muted-foreground">Only the team's owner or an admin can change these e-mails.</p> : null}
      <fieldset disabled={!canEdit} className="grid gap-4">
        <div className="flex items-center gap-3">
          <Switch id="customer-messages-enabled" checked={draft.enabled} onCheckedChange={(enabled) => setDraft((d) => ({ ...d, enabled }))} />
          <label htmlFor="customer-messages-enabled" className="text-sm font-medium">
            Send e-mails to customers
          </label>
        </div>
        <div className="grid gap-2" data-field="quietHours">
          <div className="flex items-center gap-3">
            <Switch id="customer-messages-quiet" checked={quietOn} onCheckedChange={setQuietOn} />
            <label htmlFor="customer-messages-quiet" className="text-sm font-medium">
              Quiet hours (e-mails due then wait until they end)
            </label>
          </div>
          {quietOn ? (
            <div className="flex flex-wrap gap-3">
              <FormField label="From" className="w-32">
                <Input name="quietHours.start" type="time" value={quiet.start} onChange={(e) => setQuiet((q) => ({ ...q, start: e.target.value }))} />
              </FormField>
              <FormField label="Until" className="w-32">
                <Input name="quietHours.end" type="time" value={quiet.end} onChange={(e) => setQuiet((q) => ({ ...q, end: e.target.value }))} />
              </FormField>
            </div>
          ) : null}
          {quietError ? <p className="text-sm font-medium text-destructive">{quietError}</p> : null}
        </div>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="E-mail" className="flex-wrap">
            {customerMessageKinds.map((kind) => (
              <TabsTrigger key={kind} value={kind}>
                {kindLabels[kind]}
              </TabsTrigger>
            ))}
          </TabsList>
          {customerMessageKinds.map((kind) => {
            const t = draft.templates[kind];
            return (
              <TabsContent key={kind} value={kind} className="grid gap-3 pt-3 lg:grid-cols-2">
                <div className="grid content-start gap-3">
                  <FormField label="Subject" error={fields[`templates.${kind}.subject`]}>
                    <Input name={`templates.${kind}.subject`} value={t.subject} maxLength={200} onChange={(e) => setTemplate(kind, "subject", e.target.value)} />
                  </FormField>
                  <FormField label="Message" error={fields[`templates.${kind}.body`]}>
                    <Textarea name={`templates.${kind}.body`} value={t.body} rows={10} maxLength={5000} onChange={(e) => setTemplate(kind, "body", e.target.value)} />
                  </FormField>
                </div>
                <section aria-label={`Preview: ${kindLabels[kind]}`} className="grid content-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm">
                  <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Preview with sample data</p>
                  <p className="font-semibold break-words">{previewText(t.subject, teamName)}</p>
                  <p className="break-words whitespace-pre-wrap">{previewText(t.body, teamName)}</p>
                  <p className="text-xs text-muted-foreground">Every e-mail ends with a link to stop these e-mails.</p>
                </section>
              </TabsContent>
            );
          })}
        </Tabs>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Placeholders</summary>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {customerMessagePlaceholders.map((p) => (
              <li key={p}>
                <code className="rounded bg-muted px-1">{p}</code> — {placeholderHelp[p]}
              </li>
            ))}
          </ul>
        </details>
      </fieldset>
      {canEdit ? (
        <div className="flex items-center gap-3">
          <Button type="submit" variant="outline" disabled={saving}>
            Save customer e-mails
          </Button>
          {saved ? (
            <span role="status" className="text-sm">
              Customer e-mails saved.
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
  const settings = useCustomerMessages(team.id);
  const save = useSaveCustomerMessages(team.id);
  const [saved, setSaved] = useState(false);
  const canEdit = team.role === "owner" || team.role === "admin";
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="text-base">
          Customer e-mails
        </CardTitle>
        <CardDescription>Each order with a contact e-mail gets "on its way" at dispatch, "you're next", and "delivered" or "we missed you".</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Spinner />
        ) : settings.isError ? (
          <ErrorCard message="The customer e-mail settings could not be loaded." onRetry={() => void settings.refetch()} />
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
