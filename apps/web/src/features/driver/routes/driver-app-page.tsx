import { Navigation } from "lucide-react";
import { FeatureIntro } from "@/components/layouts/feature-intro";

/** /driver (MobileDriverApp): drivers only. */
export function DriverAppPage() {
  return (
    <FeatureIntro
      title="Driver App"
      description="Your assigned route for today, stop by stop, with navigation hand-off and proof of delivery."
      icon={Navigation}
      highlights={["Today's stops in order with time windows", "One tap to navigate to the next stop", "Mark stops arrived, done or failed", "Add notes and delivery photos"]}
    />
  );
}
