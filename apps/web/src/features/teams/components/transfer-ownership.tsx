import { useState } from "react";
import type { TeamMember } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { useTransferOwnership } from "@/features/teams/api/transfer-ownership";
import { useTranslation } from "@/lib/i18n";

/** Owner only: hand the team to another member; the owner becomes an admin. */
export function TransferOwnership({ teamId, teamName, members, onResult }: { teamId: string; teamName: string; members: TeamMember[]; onResult: (message: string) => void }) {
  const { t } = useTranslation("teams");
  const transfer = useTransferOwnership();
  const candidates = members.filter((m) => m.role !== "owner");
  const [userId, setUserId] = useState("");
  const chosen = candidates.find((m) => m.userId === userId) ?? candidates[0];
  if (!chosen) return <p className="text-sm text-muted-foreground">{t("transfer.nobody")}</p>;
  const who = chosen.name || chosen.email;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor="transfer-to">{t("transfer.newOwner")}</Label>
        <NativeSelect id="transfer-to" className="h-9" value={chosen.userId} onChange={(e) => setUserId(e.target.value)}>
          {candidates.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name ? `${m.name} (${m.email})` : m.email}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ConfirmButton
        trigger={
          <Button size="sm" variant="outline">
            {t("transfer.button")}
          </Button>
        }
        title={t("transfer.title", { who, team: teamName })}
        description={t("transfer.description", { who })}
        confirmLabel={t("transfer.button")}
        onConfirm={() => transfer.mutateAsync({ teamId, userId: chosen.userId }).then(() => onResult(t("transfer.done", { who, team: teamName })))}
      />
    </div>
  );
}
