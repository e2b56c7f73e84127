import { useAuth } from "@/lib/auth";
import { useTranslation } from "@/lib/i18n";
import { PlannerPage, type PlannerQuota } from "@/features/planner/routes/planner-page";
import { useBillingPlans } from "@/features/billing/api/get-billing-plans";
import { usePreferences } from "@/features/settings/api/get-preferences";
import { useSavedLocations } from "@/features/settings/api/get-saved-locations";
import { UsageBar } from "@/features/usage/components/usage-bar";
import { useUsage } from "@/features/usage/api/get-usage";

/**
 * `/` signed in: the planner, given the user's saved locations and defaults (settings), the usage
 * bar (usage), and the quota it says at the limit: usage, whether plans are sold online here
 * (billing) and the user's language and time zone for the reset date (settings).
 */
export function PlannerRoute() {
  const { user } = useAuth();
  const { t } = useTranslation("planner");
  const preferences = usePreferences();
  const savedLocations = useSavedLocations();
  const usage = useUsage();
  const plans = useBillingPlans();
  const firstName = user?.name?.trim().split(/\s+/)[0];
  const quota: PlannerQuota | null = usage.data
    ? {
        refusal: usage.data.refusal,
        resetsAt: usage.data.periodResetsAt,
        paymentsEnabled: plans.data?.billingEnabled === true,
        isTeamMember: usage.data.isTeamMember === true,
        locale: preferences.data?.language,
        timeZone: preferences.data?.timezone,
      }
    : null;
  return (
    <PlannerPage
      title={firstName ? t("page.welcomeName", { name: firstName }) : t("page.welcome")}
      savedLocations={savedLocations.data ?? []}
      defaultStart={preferences.data?.defaultStartLocation ?? null}
      defaultEnd={preferences.data?.defaultEndLocation ?? null}
      usage={<UsageBar compact className="w-full sm:w-72" paymentsEnabled={plans.data?.billingEnabled === true} />}
      quota={quota}
    />
  );
}
