import { useState } from "react";
import { assignableTeamRoles, teamRoleNames, type AssignableTeamRole } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCreateInvitation } from "@/features/teams/api/create-invitation";

const selectClass = "h-10 rounded-md border border-input bg-background px-2 text-sm";

/** Invite by e-mail with a role (owner/admin): the server e-mails the link and lists the invitation as pending. */
export function InviteForm({ teamId, onResult }: { teamId: string; onResult: (message: string) => void }) {
  const invite = useCreateInvitation();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableTeamRole>("member");
  const [error, setError] = useState<{ email?: string; role?: string; form?: string }>({});

  return (
    <form
      aria-label="Invite a member"
      className="flex flex-wrap items-start gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError({});
        invite.mutate(
          { teamId, email: email.trim(), role },
          {
            onSuccess: (invitation) => {
              setEmail("");
              onResult(`Invitation sent to ${invitation.email}.`);
            },
            onError: (err) => {
              const fields = err instanceof ApiError ? err.fields : undefined;
              if (fields?.email || fields?.role) setError({ email: fields.email, role: fields.role });
              else setError({ form: errorMessage(err) });
            },
          },
        );
      }}
    >
      <FormField label="E-mail" error={error.email} className="min-w-64 flex-1">
        <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      <FormField label="Role" error={error.role}>
        <select className={selectClass} value={role} onChange={(e) => setRole(e.target.value as AssignableTeamRole)}>
          {assignableTeamRoles.map((r) => (
            <option key={r} value={r}>
              {teamRoleNames[r]}
            </option>
          ))}
        </select>
      </FormField>
      <Button type="submit" className="mt-6" disabled={invite.isPending}>
        {invite.isPending ? "Sending…" : "Send invitation"}
      </Button>
      {error.form ? (
        <p role="alert" className="w-full text-sm font-medium text-destructive">
          {error.form}
        </p>
      ) : null}
    </form>
  );
}
