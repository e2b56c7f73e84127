import { Navigation } from "lucide-react";
import { NotAvailableYet } from "@/components/layouts/not-available-yet";

/** /driver (MobileDriverApp): drivers only. */
export function DriverAppPage() {
  return (
    <NotAvailableYet
      title="Driver App"
      icon={Navigation}
      willDo={[
        "show the route assigned to you today, stop by stop, with time windows",
        "hand the next stop to your navigation app in one tap",
        "let you mark stops arrived, done or failed",
        "let you add notes and delivery photos",
      ]}
      meanwhile={[
        { to: "/", label: "Plan a route and open it in Google Maps, Apple Maps or Waze" },
        { to: "/route-history", label: "Your saved routes" },
      ]}
    />
  );
}
