import { Route, Waypoints } from "lucide-react";
import { NotAvailableYet } from "@/components/layouts/not-available-yet";

/** /route-optimization (RouteOptimization). */
export function RouteOptimizationPage() {
  return (
    <NotAvailableYet
      title="Route Optimization"
      icon={Route}
      willDo={[
        "optimise large sets of stops for several vehicles at once",
        "respect vehicle limits as well as time windows and service times",
        "compare the result with the order you entered",
      ]}
      meanwhile={[
        { to: "/", label: "Optimise a route in the planner" },
        { to: "/route-history", label: "Your saved routes" },
      ]}
    />
  );
}

/** /fleet/route-optimization: optimisation across a fleet's vehicles. */
export function FleetRouteOptimizationPage() {
  return (
    <NotAvailableYet
      title="Fleet Route Optimization"
      icon={Waypoints}
      willDo={[
        "split a day's jobs across your vehicles and drivers",
        "respect capacities, skills, driver shifts and breaks",
        "handle pickup-and-delivery pairs",
        "list unassigned jobs with the reason why",
      ]}
      meanwhile={[
        { to: "/", label: "Optimise a single-vehicle route" },
        { to: "/route-history", label: "Your saved routes" },
      ]}
    />
  );
}
