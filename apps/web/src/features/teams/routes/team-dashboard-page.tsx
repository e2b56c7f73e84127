import { Link, useSearchParams } from "react-router";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { ErrorCard } from "@/components/errors/error-card";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useTeam } from "@/features/teams/api/get-team";
import { useTeams } from "@/features/teams/api/get-teams";
import { TeamView } from "@/features/teams/components/team-view";
import { TeamsOffer } from "@/features/teams/components/teams-offer";
import { useTranslation } from "@/lib/i18n";
import { ROLE_KEY } from "@/features/teams/lib/team-words";

function Loading({ label }: { label: string }) {
  return (
    <div className="grid gap-3" aria-label={label}>
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/**
 * /team-dashboard (TeamDashboard / TeamManagement): one of the caller's teams, chosen with
 * `?team={id}` (a picker when there are several; the first team otherwise).
 */
export function TeamDashboardPage() {
  const { t } = useTranslation("teams");
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useMe();
  const teams = useTeams();
  const list = teams.data?.teams ?? [];
  const teamId = searchParams.get("team") ?? list[0]?.id;
  const team = useTeam(teams.data ? teamId : undefined);

  const picker =
    list.length > 1 ? (
      <div className="grid gap-1">
        <Label htmlFor="team-picker">{t("dashboard.team")}</Label>
        <NativeSelect id="team-picker" value={teamId} onChange={(e) => setSearchParams({ team: e.target.value })}>
          {list.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} ({t(ROLE_KEY[item.role])})
            </option>
          ))}
        </NativeSelect>
      </div>
    ) : null;

  let body;
  if (teams.isPending) body = <Loading label={t("loadingTeams")} />;
  else if (teams.isError) body = <ErrorCard message={errorMessage(teams.error)} onRetry={() => void teams.refetch()} />;
  else if (list.length === 0)
    body = me.data?.access.teams ? (
      <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-8">
        <p>{t("dashboard.noTeam")}</p>
        <Button asChild>
          <Link to="/teams">{t("create.label")}</Link>
        </Button>
      </div>
    ) : (
      <TeamsOffer />
    );
  else if (team.isPending) body = <Loading label={t("dashboard.loadingTeam")} />;
  else if (team.isError) body = <ErrorCard message={errorMessage(team.error)} onRetry={() => void team.refetch()} />;
  else body = <TeamView team={team.data} currentUserId={me.data?.user.id} />;

  return (
    <PageContainer size="wide">
      <PageHeader
        title={t("dashboard.title")}
        description={t("dashboard.description")}
        actions={
          <div className="flex flex-wrap items-end gap-3">
            {picker}
            {/* Team analytics are for the owner, admins and managers (issue 14). */}
            {team.data && ["owner", "admin", "manager"].includes(team.data.role) ? (
              <Button asChild variant="outline">
                <Link to={`/analytics-dashboard?team=${encodeURIComponent(team.data.id)}`}>{t("dashboard.analytics")}</Link>
              </Button>
            ) : null}
          </div>
        }
      />
      {body}
    </PageContainer>
  );
}
