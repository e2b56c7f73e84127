import { Link, useSearchParams } from "react-router";
import type { TeamRole } from "@routepilot/contracts";
import { useTranslation } from "@/lib/i18n";
import { PeriodPicker, usePeriod } from "@/components/charts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { ErrorCard } from "@/components/errors/error-card";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useMyTeams, useTeamAnalytics } from "@/features/team-analytics/api/get-team-analytics";
import { DriverPerformance, FailedByReason, TeamByDay, VehicleUtilisation } from "@/features/team-analytics/components/fleet-analytics";
import { MemberUsage } from "@/features/team-analytics/components/member-usage";

/** A team role in the reader's words (catalogue keys of `team-analytics`). */
const ROLE_KEY = { owner: "role.owner", admin: "role.admin", manager: "role.manager", driver: "role.driver", member: "role.member" } as const satisfies Record<TeamRole, string>;

const managerRoles: readonly TeamRole[] = ["owner", "admin", "manager"];

function Loading({ label }: { label: string }) {
  return (
    <div className="grid gap-3" aria-label={label}>
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** What a signed-in user who manages no team sees. */
function NotAManager() {
  const { t } = useTranslation("team-analytics");
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-8">
      <p>{t("page.notAManager")}</p>
      <Button asChild variant="outline">
        <Link to="/teams">{t("page.yourTeams")}</Link>
      </Button>
    </div>
  );
}

function TeamFigures({ teamId, period }: { teamId: string; period: { from: string; to: string } | null }) {
  const { t } = useTranslation("team-analytics");
  const analytics = useTeamAnalytics(teamId, period);
  if (!period) return null;
  if (analytics.isPending) return <Loading label={t("page.loadingAnalytics")} />;
  if (analytics.isError) return <ErrorCard message={errorMessage(analytics.error)} onRetry={() => void analytics.refetch()} />;
  const data = analytics.data;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {t("page.period", { team: data.teamName, from: data.from, to: data.to, timezone: data.timezone })}
      </p>
      <MemberUsage data={data} />
      {data.fleet ? (
        <>
          <DriverPerformance data={data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <FailedByReason data={data} />
            <VehicleUtilisation data={data} />
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t("page.fleetOnly")}</p>
      )}
      <TeamByDay data={data} />
    </div>
  );
}

/**
 * /analytics-dashboard (AnalyticsDashboard): team and fleet analytics for the teams the caller owns,
 * administers or manages, chosen with `?team={id}`, for the period in the URL.
 */
export function AnalyticsDashboardPage() {
  const { t } = useTranslation("team-analytics");
  const [searchParams, setSearchParams] = useSearchParams();
  const period = usePeriod();
  const teams = useMyTeams();
  const managed = (teams.data?.teams ?? []).filter((t) => managerRoles.includes(t.role));
  const asked = searchParams.get("team");
  const teamId = managed.find((t) => t.id === asked)?.id ?? managed[0]?.id;

  const picker =
    managed.length > 1 ? (
      <div className="grid gap-1">
        <Label htmlFor="analytics-team-picker">{t("page.team")}</Label>
        <NativeSelect
          id="analytics-team-picker"
          value={teamId}
          onChange={(e) =>
            setSearchParams(
              (prev) => {
                const out = new URLSearchParams(prev);
                out.set("team", e.target.value);
                return out;
              },
              { replace: true },
            )
          }
        >
          {managed.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name} ({t(ROLE_KEY[team.role])})
            </option>
          ))}
        </NativeSelect>
      </div>
    ) : null;

  let body;
  if (teams.isPending) body = <Loading label={t("page.loadingTeams")} />;
  else if (teams.isError) body = <ErrorCard message={errorMessage(teams.error)} onRetry={() => void teams.refetch()} />;
  else if (!teamId) body = <NotAManager />;
  else
    body = (
      <div className="grid gap-6">
        <PeriodPicker state={period} />
        <TeamFigures teamId={teamId} period={period.period} />
      </div>
    );

  return (
    <PageContainer size="wide">
      <PageHeader title={t("page.title")} description={t("page.description")} actions={picker} />
      {body}
    </PageContainer>
  );
}
