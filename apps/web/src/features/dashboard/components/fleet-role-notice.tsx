import { Info } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** Shown on /dashboard when someone without a fleet role opened /driver or /fleet. */
export function FleetRoleNotice() {
  return (
    <Alert className="mb-6" data-testid="fleet-role-notice">
      <Info aria-hidden="true" />
      <div>
        <AlertTitle>The fleet areas need a fleet role</AlertTitle>
        <AlertDescription className="mt-1 text-muted-foreground">
          The Driver app is for team members with the <strong className="text-foreground">driver</strong> role, and the Fleet dashboard for those with
          the <strong className="text-foreground">manager</strong> role. Your account has neither yet; ask your fleet manager to add you to their team.
        </AlertDescription>
      </div>
    </Alert>
  );
}
