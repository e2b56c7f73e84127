import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { CheckCircle2, Clock, LifeBuoy, Mail } from "lucide-react";
import { contactRequestSchema, contactTopics, type ContactRequest } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { InlineError } from "@/components/errors/inline-error";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { fieldErrorsOf } from "@/lib/use-server-field-errors";
import { useSendContactMessage } from "@/features/marketing/api/send-contact-message";
import { useTranslation } from "@/lib/i18n";

const topicKeys = {
  general: "contact.topics.general",
  sales: "contact.topics.sales",
  support: "contact.topics.support",
  billing: "contact.topics.billing",
  press: "contact.topics.press",
} as const satisfies Record<(typeof contactTopics)[number], string>;
type ContactFormInput = z.input<typeof contactRequestSchema>;
type ContactFormOutput = z.output<typeof contactRequestSchema>;
const contactFields = ["name", "email", "topic", "message"] as const;

function ContactForm() {
  const { t } = useTranslation("marketing");
  const send = useSendContactMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ContactFormInput, unknown, ContactFormOutput>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { name: "", email: "", topic: "general", message: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  // A signed-in user's name and e-mail are filled in (still editable); what was already typed is kept.
  const { user } = useAuth();
  const signedInName = user?.name ?? "";
  const signedInEmail = user?.email ?? "";
  useEffect(() => {
    if (signedInName && !form.getValues("name")) form.setValue("name", signedInName);
    if (signedInEmail && !form.getValues("email")) form.setValue("email", signedInEmail);
  }, [form, signedInName, signedInEmail]);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await send.mutateAsync(values satisfies ContactRequest);
      setSent(values.email);
      form.reset({ name: signedInName, email: signedInEmail, topic: "general", message: "" });
    } catch (error) {
      // At the fields the server names, the first focused; anything else above the button (decision 018).
      const fields = fieldErrorsOf(error);
      const named = contactFields.filter((f) => fields[f] !== undefined);
      named.forEach((name, i) => form.setError(name, { message: fields[name] }, { shouldFocus: i === 0 }));
      const others = Object.entries(fields).filter(([k]) => !named.some((n) => n === k));
      setServerError(named.length === 0 ? errorMessage(error) : others.length > 0 ? others.map(([, m]) => m).join(" ") : null);
    }
  });

  if (sent) {
    return (
      <Alert variant="success">
        <CheckCircle2 aria-hidden="true" />
        <div>
          <AlertTitle>{t("contact.sentTitle")}</AlertTitle>
          <AlertDescription className="mt-1 text-foreground">
            <p>{t("contact.sentText", { email: sent })}</p>
            <Button variant="link" className="h-auto px-0" onClick={() => setSent(null)}>
              {t("contact.another")}
            </Button>
          </AlertDescription>
        </div>
      </Alert>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t("contact.form")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("contact.name")} error={errors.name?.message}>
          <Input autoComplete="name" {...form.register("name")} />
        </FormField>
        <FormField label={t("contact.email")} error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        </FormField>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-topic">{t("contact.topic")}</Label>
        <Controller
          control={form.control}
          name="topic"
          render={({ field }) => (
            <Select value={field.value ?? "general"} onValueChange={field.onChange}>
              <SelectTrigger id="contact-topic" onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {contactTopics.map((topic) => (
                  <SelectItem key={topic} value={topic}>
                    {t(topicKeys[topic])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        {errors.topic?.message ? <p className="text-sm font-medium text-destructive">{errors.topic.message}</p> : null}
      </div>
      <FormField label={t("contact.message")} error={errors.message?.message} description={t("contact.messageHint")}>
        <Textarea rows={6} {...form.register("message")} />
      </FormField>
      <InlineError error={serverError} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-primary-foreground" /> : null}
          {t("contact.send")}
        </Button>
      </div>
    </form>
  );
}

/** /contact and /company/contact. */
export function ContactPage() {
  const { t } = useTranslation("marketing");
  return (
    <PageContainer>
      <PageHeader title={t("contact.title")} description={t("contact.description")} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>{t("contact.cardTitle")}</CardTitle>
            <CardDescription>{t("contact.required")}</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <aside className="grid content-start gap-4" aria-label={t("contact.other")}>
          {[
            { icon: Clock, title: t("contact.responseTitle"), text: t("contact.responseText") },
            { icon: LifeBuoy, title: t("contact.helpTitle"), text: t("contact.helpText") },
            { icon: Mail, title: t("contact.salesTitle"), text: t("contact.salesText") },
          ].map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardContent className="flex gap-3 p-5">
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <div>
                  <h2 className="font-semibold">{title}</h2>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </CardContent>
            </Card>
          ))}
        </aside>
      </div>
    </PageContainer>
  );
}
