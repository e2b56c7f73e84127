import { Info } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Trans, useTranslation } from "@/lib/i18n";

/** Shown on /dashboard when someone without a fleet role opened /driver or /fleet. */
export function FleetRoleNotice() {
  const { t } = useTranslation("dashboard");
  return (
    <Alert className="mb-6" data-testid="fleet-role-notice">
      <Info aria-hidden="true" />
      <div>
        <AlertTitle>{t("fleetNotice.title")}</AlertTitle>
        <AlertDescription className="mt-1 text-muted-foreground">
          <Trans t={t} i18nKey="fleetNotice.body" components={{ strong: <strong className="text-foreground" /> }} />
        </AlertDescription>
      </div>
    </Alert>
  );
}
