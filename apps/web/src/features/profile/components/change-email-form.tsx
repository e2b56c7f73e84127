import { useState, type FormEvent } from "react";
import { MailCheck } from "lucide-react";
import { emailSchema, profileMessages } from "@routepilot/contracts";
import { InlineError } from "@/components/errors/inline-error";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { fieldErrorsOf } from "@/lib/use-server-field-errors";
import { useChangeEmail } from "@/features/profile/api/change-email";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

/**
 * "Change e-mail": the new address gets a confirmation link (the old one is told); the address
 * changes only when the link is used, so after sending the form says so and nothing else changes.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation("profile");
  const change = useChangeEmail();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setSentTo(null);
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    if (checked.data.toLowerCase() === currentEmail.toLowerCase()) {
      setFieldError(translateMessage(profileMessages.emailSame));
      return;
    }
    setFieldError(undefined);
    change.mutate(checked.data, {
      onSuccess: () => {
        setSentTo(checked.data);
        setEmail("");
      },
      onError: (thrown) => {
        const fields = fieldErrorsOf(thrown);
        const atField = fields.newEmail ?? fields.email;
        if (atField) setFieldError(atField);
        else setError(errorMessage(thrown));
      },
    });
  };

  return (
    <form className="grid gap-3" noValidate onSubmit={submit} aria-label={t("changeEmail.label")}>
      <FormField label={t("changeEmail.newEmail")} error={fieldError} description={t("changeEmail.hint", { email: currentEmail })}>
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setSentTo(null);
          }}
        />
      </FormField>
      <InlineError error={error} />
      <Button type="submit" variant="outline" className="w-fit" disabled={change.isPending}>
        {change.isPending ? <Spinner /> : null}
        {t("changeEmail.send")}
      </Button>
      {sentTo ? (
        <p className="flex items-start gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm" role="status">
          <MailCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          {translateMessage(profileMessages.emailChangeSent(sentTo))}
        </p>
      ) : null}
    </form>
  );
}
