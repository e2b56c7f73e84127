import { useState, type FormEvent } from "react";
import { DISPLAY_NAME_MAX, displayNameSchema, profileMessages } from "@routepilot/contracts";
import { InlineError } from "@/components/errors/inline-error";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { fieldErrorsOf } from "@/lib/use-server-field-errors";
import { useUpdateName } from "@/features/profile/api/update-name";
import { useTranslation } from "@/lib/i18n";
import { translateMessage } from "@/lib/server-messages";

/** Change the display name: what the app calls you everywhere (decision 020). */
export function DisplayNameForm({ currentName }: { currentName: string }) {
  const { t } = useTranslation("profile");
  const update = useUpdateName();
  const [name, setName] = useState(currentName);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    setError(null);
    const checked = displayNameSchema.safeParse(name);
    if (!checked.success) {
      setFieldError(checked.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    update.mutate(checked.data, {
      onSuccess: () => {
        setName(checked.data);
        setSaved(true);
      },
      onError: (thrown) => {
        const fields = fieldErrorsOf(thrown);
        if (fields.name) setFieldError(fields.name);
        else setError(errorMessage(thrown));
      },
    });
  };

  return (
    <form className="grid gap-3" noValidate onSubmit={submit} aria-label={t("name.label")}>
      <FormField label={t("name.field")} error={fieldError} description={t("name.hint", { max: DISPLAY_NAME_MAX })}>
        <Input
          value={name}
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX + 20}
          onChange={(e) => {
            setName(e.target.value);
            setSaved(false);
          }}
        />
      </FormField>
      <InlineError error={error} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" className="w-fit" disabled={update.isPending}>
          {update.isPending ? <Spinner className="text-primary-foreground" /> : null}
          {t("name.save")}
        </Button>
        {saved ? (
          <span className="text-sm text-success" role="status">
            {translateMessage(profileMessages.nameSaved)}
          </span>
        ) : null}
      </div>
    </form>
  );
}
