import { Truck } from "lucide-react";
import { NotAvailableYet } from "@/components/layouts/not-available-yet";

/** /fleet, /fleet/vehicles and /fleet/drivers (FleetDashboard, VehicleManagement, DriverManagement): managers only. */
export function FleetDashboardPage() {
  return (
    <NotAvailableYet
      title="Fleet Dashboard"
      icon={Truck}
      willDo={[
        "keep your vehicles with their capacities, skills and shifts",
        "keep your drivers and their default vehicles",
        "plan each day's jobs across vehicles and explain any job left unassigned",
        "follow drivers' positions and stop status live",
      ]}
      meanwhile={[
        { to: "/", label: "Plan a single-vehicle route" },
        { to: "/route-history", label: "Your saved routes" },
        { to: "/contact", label: "Tell us what your fleet needs" },
      ]}
    />
  );
}
