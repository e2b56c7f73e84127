import { Link, useSearchParams } from "react-router";
import { teamRoleNames, type TeamRole } from "@routepilot/contracts";
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
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-8">
      <p>Team analytics are for a team's owner, admins and managers. You do not manage a team.</p>
      <Button asChild variant="outline">
        <Link to="/teams">Go to your teams</Link>
      </Button>
    </div>
  );
}

function TeamFigures({ teamId, period }: { teamId: string; period: { from: string; to: string } | null }) {
  const analytics = useTeamAnalytics(teamId, period);
  if (!period) return null;
  if (analytics.isPending) return <Loading label="Loading the team's analytics" />;
  if (analytics.isError) return <ErrorCard message={errorMessage(analytics.error)} onRetry={() => void analytics.refetch()} />;
  const data = analytics.data;
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        {data.teamName}: {data.from} to {data.to}, days in the team's time zone ({data.timezone}).
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
        <p className="text-sm text-muted-foreground">Drivers' on-time rates and vehicle utilisation appear for teams whose owner is on Fleet Pro.</p>
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
  const [searchParams, setSearchParams] = useSearchParams();
  const period = usePeriod();
  const teams = useMyTeams();
  const managed = (teams.data?.teams ?? []).filter((t) => managerRoles.includes(t.role));
  const asked = searchParams.get("team");
  const teamId = managed.find((t) => t.id === asked)?.id ?? managed[0]?.id;

  const picker =
    managed.length > 1 ? (
      <div className="grid gap-1">
        <Label htmlFor="analytics-team-picker">Team</Label>
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
          {managed.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({teamRoleNames[t.role]})
            </option>
          ))}
        </NativeSelect>
      </div>
    ) : null;

  let body;
  if (teams.isPending) body = <Loading label="Loading your teams" />;
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
      <PageHeader title="Analytics Dashboard" description="Team analytics: each member's use of their allocation; for fleets, each driver's on-time rate, planned vs actual, failures and vehicle utilisation, from what the driver app records." actions={picker} />
      {body}
    </PageContainer>
  );
}
