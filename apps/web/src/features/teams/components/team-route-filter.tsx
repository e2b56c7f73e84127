import { useQueries } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { canManageTeam } from "@routepilot/contracts";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { getTeam } from "@/features/teams/api/get-team";
import { useTeams } from "@/features/teams/api/get-teams";
import { teamKeys } from "@/features/teams/api/keys";
import { useTranslation } from "@/lib/i18n";

/**
 * For the owner/admin of a team, on /route-history: whose routes to list — your own, everyone's
 * in a team, or one member's (`?teamId=` and `?memberId=`, which GET /api/routes takes). Nothing
 * for anyone else.
 */
export function TeamRouteFilter() {
  const { t } = useTranslation("teams");
  const [searchParams, setSearchParams] = useSearchParams();
  const teams = useTeams();
  const managed = (teams.data?.teams ?? []).filter((t) => canManageTeam(t.role));
  const details = useQueries({ queries: managed.map((t) => ({ queryKey: teamKeys.detail(t.id), queryFn: ({ signal }: { signal: AbortSignal }) => getTeam(t.id, signal) })) });
  if (managed.length === 0) return null;

  const teamId = searchParams.get("teamId");
  const memberId = searchParams.get("memberId");
  const value = memberId && teamId ? `member:${teamId}:${memberId}` : teamId ? `team:${teamId}` : "";

  function choose(next: string) {
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      const [kind, team, member] = next.split(":");
      params.delete("teamId");
      params.delete("memberId");
      if (kind && team) params.set("teamId", team);
      if (kind === "member" && member) params.set("memberId", member);
      return params;
    });
  }

  return (
    <div className="grid gap-1">
      <Label htmlFor="route-author">{t("filter.label")}</Label>
      <NativeSelect id="route-author" value={value} onChange={(e) => choose(e.target.value)}>
        <option value="">{t("filter.you")}</option>
        {managed.map((team, i) => (
          <optgroup key={team.id} label={team.name}>
            <option value={`team:${team.id}`}>{t("filter.everyone", { team: team.name })}</option>
            {(details[i]?.data?.members ?? []).map((m) => (
              <option key={m.userId} value={`member:${team.id}:${m.userId}`}>
                {m.name ? `${m.name} (${m.email})` : m.email}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
    </div>
  );
}
