import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Truck } from "lucide-react";
import { fleetMessages, tierOffers, type TeamListItem } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { ErrorCard } from "@/components/errors/error-card";
import { LoadingScreen } from "@/components/loading-screen";
import { errorMessage } from "@/lib/api-client";
import { useMe } from "@/lib/auth";
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
  const offer = tierOffers.fleet_pro;
  return (
    <Notice title="Fleet planning is part of Fleet Pro">
      <p>{fleetMessages.noFleetAccess}</p>
      <CardDescription>{offer.summary}</CardDescription>
      <ul className="list-disc pl-5">
        <li>vehicles with capacities, skills, shifts, depots and breaks</li>
        <li>drivers with their default vehicle and working days</li>
        <li>a day&apos;s orders imported from a spreadsheet, split across the fleet, every unassigned order explained</li>
        <li>variants compared side by side, then routes dispatched to drivers</li>
      </ul>
      <div>
        <Button asChild>
          <Link to="/pricing">See Fleet Pro on the pricing page</Link>
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
  const me = useMe();
  const fleetAccess = me.data?.access.fleet ?? false;
  const teams = useFleetTeams(fleetAccess);
  const [params, setParams] = useSearchParams();

  if (me.isPending || (fleetAccess && teams.isPending)) return <LoadingScreen />;
  if (me.isError) return <ErrorCard message="Your access could not be checked. Please try again." onRetry={() => void me.refetch()} />;
  if (!fleetAccess) return <FleetProOffer />;
  if (teams.isError) return <ErrorCard message={errorMessage(teams.error)} onRetry={() => void teams.refetch()} />;

  const list = teams.data ?? [];
  if (list.length === 0) {
    if (me.data?.fleetRoles.includes("driver")) {
      return (
        <Notice title="You drive for a team">
          <p>{fleetMessages.notManager}</p>
          <div>
            <Button asChild>
              <Link to="/driver">Open the driver app</Link>
            </Button>
          </div>
        </Notice>
      );
    }
    return (
      <Notice title="Create a team to plan your fleet">
        <p>Vehicles, drivers and plans belong to a team. Create one (you become its owner), then invite your drivers.</p>
        <div>
          <Button asChild>
            <Link to="/teams">Create a team</Link>
          </Button>
        </div>
      </Notice>
    );
  }

  const team = list.find((t) => t.id === params.get("team")) ?? list[0]!;
  const picker =
    list.length > 1 ? (
      <label className="flex items-center gap-2 text-sm">
        <span>Team</span>
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
      <span className="text-sm text-muted-foreground">Team: {team.name}</span>
    );
  return <>{children(team, picker)}</>;
}
