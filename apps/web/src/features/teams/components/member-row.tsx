import { useState } from "react";
import { assignableTeamRoles, teamMessages, type AssignableTeamRole, type TeamMember } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { UserAvatar } from "@/components/user-avatar";
import { errorMessage } from "@/lib/api-client";
import { translateMessage } from "@/lib/server-messages";
import { useFormat } from "@/lib/format";
import { useUpdateMember } from "@/features/teams/api/update-member";
import { useRemoveMember } from "@/features/teams/api/remove-member";
import { useTranslation } from "@/lib/i18n";
import { ROLE_KEY } from "@/features/teams/lib/team-words";

type MemberRowProps = {
  teamId: string;
  teamName: string;
  member: TeamMember;
  /** The caller may change roles and allocations and remove members (owner or admin). */
  canManage: boolean;
  isSelf: boolean;
  onResult: (message: string) => void;
};

/** One member: name, e-mail, role, allocation, used, invited by, joined, and the actions the caller's role allows. */
export function MemberRow({ teamId, teamName, member, canManage, isSelf, onResult }: MemberRowProps) {
  const { t } = useTranslation("teams");
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const format = useFormat();
  const [allocation, setAllocation] = useState(String(member.quotaAllocation));
  const [allocationError, setAllocationError] = useState<string | null>(null);
  const [roleError, setRoleError] = useState<string | null>(null);
  const [editedFrom, setEditedFrom] = useState(member.quotaAllocation);
  // A live update (another admin) replaces the value unless this row is being edited.
  if (member.quotaAllocation !== editedFrom) {
    setEditedFrom(member.quotaAllocation);
    setAllocation(String(member.quotaAllocation));
  }
  const owner = member.role === "owner";
  const editable = canManage && !owner;
  const who = member.name || member.email;

  function saveAllocation() {
    const value = Number(allocation);
    if (allocation.trim() === "" || !Number.isInteger(value)) {
      setAllocationError(translateMessage(teamMessages.allocationWhole));
      return;
    }
    setAllocationError(null);
    update.mutate(
      { teamId, userId: member.userId, quotaAllocation: value },
      {
        onSuccess: (saved) => onResult(t("members.allocationSaved", { count: saved.quotaAllocation, who })),
        onError: (error) => setAllocationError(errorMessage(error)),
      },
    );
  }

  return (
    <tr className="border-t align-top">
      <td className="py-2 pr-3 font-medium">
        <span className="flex items-center gap-2">
          <UserAvatar person={member} size="md" />
          <span>
            {member.name}
            {isSelf ? <span className="text-muted-foreground">{t("members.you")}</span> : null}
          </span>
        </span>
      </td>
      <td className="py-2 pr-3 break-all">{member.email}</td>
      <td className="py-2 pr-3">
        {editable ? (
          <div className="grid gap-1">
            <NativeSelect
              aria-label={t("members.roleOf", { email: member.email })}
              className="h-9"
              value={member.role}
              disabled={update.isPending}
              onChange={(e) => {
                const role = e.target.value as AssignableTeamRole;
                setRoleError(null);
                update.mutate(
                  { teamId, userId: member.userId, role },
                  { onSuccess: () => onResult(t("members.roleSaved", { who, role: t(ROLE_KEY[role]) })), onError: (error) => setRoleError(errorMessage(error)) },
                );
              }}
            >
              {assignableTeamRoles.map((r) => (
                <option key={r} value={r}>
                  {t(ROLE_KEY[r])}
                </option>
              ))}
            </NativeSelect>
            {roleError ? (
              <p role="alert" className="text-xs font-medium text-destructive">
                {roleError}
              </p>
            ) : null}
          </div>
        ) : (
          t(ROLE_KEY[member.role])
        )}
      </td>
      <td className="py-2 pr-3">
        {owner ? (
          <span className="text-muted-foreground">{t("members.ownPlan")}</span>
        ) : editable ? (
          <form
            className="grid gap-1"
            onSubmit={(e) => {
              e.preventDefault();
              saveAllocation();
            }}
          >
            <div className="flex items-center gap-2">
              <Input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                aria-label={t("members.allocationOf", { email: member.email })}
                aria-invalid={allocationError ? true : undefined}
                className="h-9 w-24"
                value={allocation}
                onChange={(e) => setAllocation(e.target.value)}
              />
              <Button type="submit" size="sm" variant="outline" disabled={update.isPending || allocation === String(member.quotaAllocation)} aria-label={t("members.saveAllocationOf", { email: member.email })}>
                {t("members.save")}
              </Button>
            </div>
            {allocationError ? (
              <p role="alert" className="max-w-64 text-xs font-medium text-destructive">
                {allocationError}
              </p>
            ) : null}
          </form>
        ) : (
          <span className="tabular-nums">{format.number(member.quotaAllocation)}</span>
        )}
      </td>
      <td className="py-2 pr-3 tabular-nums">{format.number(member.usedQuota)}</td>
      <td className="py-2 pr-3">{member.invitedByName ?? <span className="text-muted-foreground">—</span>}</td>
      <td className="py-2 pr-3 whitespace-nowrap">{format.date(member.joinedAt)}</td>
      <td className="py-2">
        {editable && !isSelf ? (
          <ConfirmButton
            trigger={
              <Button size="sm" variant="outline" aria-label={t("members.removeNamed", { email: member.email })}>
                {t("members.remove")}
              </Button>
            }
            title={t("members.removeTitle", { who, team: teamName })}
            description={t("members.removeDescription")}
            confirmLabel={t("members.removeConfirm")}
            onConfirm={() => remove.mutateAsync({ teamId, userId: member.userId }).then(() => onResult(t("members.removed", { who, team: teamName })))}
          />
        ) : null}
      </td>
    </tr>
  );
}
