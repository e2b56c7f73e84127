import { Route, Waypoints } from "lucide-react";
import { FeatureIntro } from "@/components/layouts/feature-intro";
import { OsmCreditLine } from "@/features/routes/routes/osm-credit-line";

/** /route-optimization (RouteOptimization). */
export function RouteOptimizationPage() {
  return (
    <FeatureIntro
      title="Route Optimization"
      description="Optimise large sets of stops with time windows, service times and vehicle limits, and compare the result with your own order."
      icon={Route}
      highlights={["Hundreds of stops in one optimisation", "Time windows, service times and priorities", "Open, round-trip or fixed-end routes", "Distance and time saved versus your order"]}
    >
      <OsmCreditLine />
    </FeatureIntro>
  );
}

/** /fleet/route-optimization: optimisation across a fleet's vehicles. */
export function FleetRouteOptimizationPage() {
  return (
    <FeatureIntro
      title="Fleet Route Optimization"
      description="Split a day's jobs across your vehicles and drivers, respecting capacities, skills and shifts."
      icon={Waypoints}
      highlights={["Multiple vehicles with capacities and skills", "Driver shifts and breaks", "Pickup-and-delivery pairs", "Unassigned jobs with the reason why"]}
    >
      <OsmCreditLine />
    </FeatureIntro>
  );
}
