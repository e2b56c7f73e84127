import { useState } from "react";
import { assignableTeamRoles, type AssignableTeamRole } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { InlineError } from "@/components/errors/inline-error";
import { useServerFieldErrors } from "@/lib/use-server-field-errors";
import { useCreateInvitation } from "@/features/teams/api/create-invitation";
import { useTranslation } from "@/lib/i18n";
import { ROLE_KEY } from "@/features/teams/lib/team-words";

/**
 * Invite by e-mail with a role (owner/admin): the server e-mails the link and lists the invitation
 * as pending. A refusal is shown at the field it names (focused), else under the form (decision 018).
 */
export function InviteForm({ teamId, onResult }: { teamId: string; onResult: (message: string) => void }) {
  const { t } = useTranslation("teams");
  const invite = useCreateInvitation();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableTeamRole>("member");
  const server = useServerFieldErrors(invite.error);

  return (
    <form
      ref={server.ref}
      aria-label={t("invite.label")}
      className="flex flex-wrap items-start gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        invite.mutate(
          { teamId, email: email.trim(), role },
          {
            onSuccess: (invitation) => {
              setEmail("");
              onResult(t("invite.sent", { email: invitation.email }));
            },
          },
        );
      }}
    >
      <FormField label={t("members.email")} error={server.fieldError("email")} className="min-w-64 flex-1">
        <Input name="email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <FormField label={t("members.role")} error={server.fieldError("role")}>
        <NativeSelect name="role" value={role} onChange={(e) => setRole(e.target.value as AssignableTeamRole)}>
          {assignableTeamRoles.map((r) => (
            <option key={r} value={r}>
              {t(ROLE_KEY[r])}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" className="mt-6" disabled={invite.isPending}>
        {invite.isPending ? t("invite.sending") : t("invite.submit")}
      </Button>
      <InlineError error={server.formError} className="w-full" />
    </form>
  );
}
