import { History } from "lucide-react";
import { FeatureIntro } from "@/components/layouts/feature-intro";

/** /route-history (RouteHistory). */
export function RouteHistoryPage() {
  return (
    <FeatureIntro
      title="Route History"
      description="Every route you have optimised, with its stops, distance and time, ready to reopen, share or export."
      icon={History}
      highlights={["Search and filter past routes by date or stop", "Reopen a route to plan it again", "Share a read-only link or export to GPX and CSV", "See the distance each optimisation saved"]}
    />
  );
}
