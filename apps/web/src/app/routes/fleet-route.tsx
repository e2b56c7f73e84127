import { lazy, Suspense } from "react";
import { Spinner } from "@/components/ui/spinner";
import { FleetDashboardPage } from "@/features/fleet/routes/fleet-dashboard-page";
import { CustomerMessagesCard } from "@/features/customer-messages/components/customer-messages-card";

// The live view brings the map library: loaded when the "Live" tab opens.
const LiveOpsView = lazy(async () => ({ default: (await import("@/features/live-ops/components/live-ops-view")).LiveOpsView }));

/** /fleet…: the fleet page (fleet) with the "Live" tab (live-ops) and the customer e-mails card (customer-messages). */
export function FleetRoute() {
  return (
    <FleetDashboardPage
      settingsExtra={(team) => <CustomerMessagesCard key={team.id} team={team} />}
      live={(team) => (
        <Suspense fallback={<Spinner />}>
          <LiveOpsView key={team.id} teamId={team.id} />
        </Suspense>
      )}
    />
  );
}
