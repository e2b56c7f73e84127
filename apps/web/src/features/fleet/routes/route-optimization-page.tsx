import { Link } from "react-router";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Spinner } from "@/components/ui/spinner";
import { Trans, useTranslation } from "@/lib/i18n";
import { useDrivers } from "@/features/fleet/api/drivers";
import { useFleetSettings } from "@/features/fleet/api/fleet-settings";
import { useVehicles } from "@/features/fleet/api/vehicles";
import { FleetPlanner } from "@/features/fleet/components/fleet-planner";
import { FleetTeamGate } from "@/features/fleet/components/fleet-team-gate";
import { ErrorAlert } from "@/features/fleet/components/fleet-ui";

function TeamPlanner({ teamId }: { teamId: string }) {
  const vehicles = useVehicles(teamId);
  const settings = useFleetSettings(teamId);
  const drivers = useDrivers(teamId);
  const { t } = useTranslation("fleet");
  const error = vehicles.error ?? settings.error;
  if (error) return <ErrorAlert errors={[error]} />;
  if (!vehicles.data || !settings.data) return <Spinner />;
  if (vehicles.data.length === 0) {
    return (
      <p className="text-sm">
        <Trans t={t} i18nKey="planner.noVehicles" components={{ add: <Link className="text-primary underline-offset-4 hover:underline" to="/fleet/vehicles" /> }} />
      </p>
    );
  }
  return <FleetPlanner key={teamId} teamId={teamId} vehicles={vehicles.data} dimensions={settings.data.capacityDimensions} drivers={drivers.data ?? []} />;
}

/**
 * /fleet/route-optimization and /route-optimization (the same planner for managers): a day's
 * orders split across the team's vehicles, explained, edited, compared and dispatched.
 */
export function FleetRouteOptimizationPage({ title }: { title?: string }) {
  const { t } = useTranslation("fleet");
  return (
    <PageContainer size="wide">
      <FleetTeamGate>
        {(team, picker) => (
          <>
            <PageHeader title={title ?? t("planner.fleetTitle")} description={t("planner.description")} actions={picker} className="pb-4" />
            <TeamPlanner teamId={team.id} />
          </>
        )}
      </FleetTeamGate>
    </PageContainer>
  );
}

export function RouteOptimizationPage() {
  const { t } = useTranslation("fleet");
  return <FleetRouteOptimizationPage title={t("planner.title")} />;
}
