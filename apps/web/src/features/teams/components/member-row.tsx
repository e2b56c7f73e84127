import { useState } from "react";
import { assignableTeamRoles, teamMessages, teamRoleNames, type AssignableTeamRole, type TeamMember } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { UserAvatar } from "@/components/user-avatar";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { useUpdateMember } from "@/features/teams/api/update-member";
import { useRemoveMember } from "@/features/teams/api/remove-member";

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
      setAllocationError(teamMessages.allocationWhole);
      return;
    }
    setAllocationError(null);
    update.mutate(
      { teamId, userId: member.userId, quotaAllocation: value },
      {
        onSuccess: (saved) => onResult(`${who} can now plan ${saved.quotaAllocation} routes a month.`),
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
            {isSelf ? <span className="text-muted-foreground"> (you)</span> : null}
          </span>
        </span>
      </td>
      <td className="py-2 pr-3 break-all">{member.email}</td>
      <td className="py-2 pr-3">
        {editable ? (
          <div className="grid gap-1">
            <NativeSelect
              aria-label={`Role of ${member.email}`}
              className="h-9"
              value={member.role}
              disabled={update.isPending}
              onChange={(e) => {
                const role = e.target.value as AssignableTeamRole;
                setRoleError(null);
                update.mutate(
                  { teamId, userId: member.userId, role },
                  { onSuccess: () => onResult(`${who} is now ${teamRoleNames[role]}.`), onError: (error) => setRoleError(errorMessage(error)) },
                );
              }}
            >
              {assignableTeamRoles.map((r) => (
                <option key={r} value={r}>
                  {teamRoleNames[r]}
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
          teamRoleNames[member.role]
        )}
      </td>
      <td className="py-2 pr-3">
        {owner ? (
          <span className="text-muted-foreground">Own plan</span>
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
                aria-label={`Allocation of ${member.email}`}
                aria-invalid={allocationError ? true : undefined}
                className="h-9 w-24"
                value={allocation}
                onChange={(e) => setAllocation(e.target.value)}
              />
              <Button type="submit" size="sm" variant="outline" disabled={update.isPending || allocation === String(member.quotaAllocation)} aria-label={`Save allocation of ${member.email}`}>
                Save
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
              <Button size="sm" variant="outline" aria-label={`Remove ${member.email}`}>
                Remove
              </Button>
            }
            title={`Remove ${who} from ${teamName}?`}
            description="They lose their allocation at once and can no longer plan routes against the team's quota. Their routes stay in their history."
            confirmLabel="Remove member"
            onConfirm={() => remove.mutateAsync({ teamId, userId: member.userId }).then(() => onResult(`${who} was removed from ${teamName}.`))}
          />
        ) : null}
      </td>
    </tr>
  );
}
