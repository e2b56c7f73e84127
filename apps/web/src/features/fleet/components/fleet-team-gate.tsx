import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Truck } from "lucide-react";
import type { TeamListItem } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { ErrorCard } from "@/components/errors/error-card";
import { LoadingScreen } from "@/components/loading-screen";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
import { useTranslation } from "@/lib/i18n";
import { useFleetTeams } from "@/features/fleet/api/get-fleet-teams";

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Truck className="size-5" aria-hidden="true" /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">{children}</CardContent>
    </Card>
  );
}

/** No fleet access: what Fleet Pro offers, and where to get it. */
export function FleetProOffer() {
  const { t } = useTranslation("fleet");
  return (
    <Notice title={t("gate.offerTitle")}>
      <p>{t("gate.noFleetAccess")}</p>
      <CardDescription>{t("gate.offerSummary")}</CardDescription>
      <ul className="list-disc pl-5">
        <li>{t("gate.offerVehicles")}</li>
        <li>{t("gate.offerDrivers")}</li>
        <li>{t("gate.offerOrders")}</li>
        <li>{t("gate.offerVariants")}</li>
      </ul>
      <div>
        <Button asChild>
          <Link to="/pricing">{t("gate.seePricing")}</Link>
        </Button>
      </div>
    </Notice>
  );
}

/**
 * Picks the team whose fleet the page works on (a manager may belong to several; `?team=` keeps
 * the choice) and shows the access states: no fleet access → the Fleet Pro offer; a driver → the
 * driver app; fleet access but no team to manage → create one.
 */
export function FleetTeamGate({ children }: { children: (team: TeamListItem, picker: ReactNode) => ReactNode }) {
  const { t } = useTranslation("fleet");
  const me = useMe();
  const fleetAccess = me.data?.access.fleet ?? false;
  const teams = useFleetTeams(fleetAccess);
  const [params, setParams] = useSearchParams();

  if (me.isPending || (fleetAccess && teams.isPending)) return <LoadingScreen />;
  if (me.isError) return <ErrorCard message={t("gate.accessError")} onRetry={() => void me.refetch()} />;
  if (!fleetAccess) return <FleetProOffer />;
  if (teams.isError) return <ErrorCard message={errorMessage(teams.error)} onRetry={() => void teams.refetch()} />;

  const list = teams.data ?? [];
  if (list.length === 0) {
    if (me.data?.fleetRoles.includes("driver")) {
      return (
        <Notice title={t("gate.driverTitle")}>
          <p>{t("gate.notManager")}</p>
          <div>
            <Button asChild>
              <Link to="/driver">{t("gate.openDriverApp")}</Link>
            </Button>
          </div>
        </Notice>
      );
    }
    return (
      <Notice title={t("gate.noTeamTitle")}>
        <p>{t("gate.noTeam")}</p>
        <div>
          <Button asChild>
            <Link to="/teams">{t("gate.createTeam")}</Link>
          </Button>
        </div>
      </Notice>
    );
  }

  const team = list.find((t) => t.id === params.get("team")) ?? list[0]!;
  const picker =
    list.length > 1 ? (
      <label className="flex items-center gap-2 text-sm">
        <span>{t("gate.team")}</span>
        <NativeSelect
          value={team.id}
          onChange={(e) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set("team", e.target.value);
                return next;
              },
              { replace: true },
            )
          }
        >
          {list.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </NativeSelect>
      </label>
    ) : (
      <span className="text-sm text-muted-foreground">{t("gate.teamNamed", { name: team.name })}</span>
    );
  return <>{children(team, picker)}</>;
}
