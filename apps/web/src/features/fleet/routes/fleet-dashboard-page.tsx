import { useLocation } from "react-router";
import { Truck } from "lucide-react";
import { FeatureIntro } from "@/components/layouts/feature-intro";

const subtitles: Record<string, string> = {
  "/fleet/vehicles": "Vehicles",
  "/fleet/drivers": "Drivers",
};

/** /fleet, /fleet/vehicles and /fleet/drivers (FleetDashboard, VehicleManagement, DriverManagement): managers only. */
export function FleetDashboardPage() {
  const { pathname } = useLocation();
  const section = subtitles[pathname.replace(/\/$/, "")];
  return (
    <FeatureIntro
      title="Fleet Dashboard"
      description={`Plan each day's jobs across your vehicles and drivers, dispatch the routes and follow progress live${section ? `; this view opens on ${section.toLowerCase()}` : ""}.`}
      icon={Truck}
      highlights={["Vehicles with capacities, skills and shifts", "Drivers and their default vehicles", "Daily plans with unassigned jobs explained", "Live driver positions and stop status"]}
    />
  );
}
