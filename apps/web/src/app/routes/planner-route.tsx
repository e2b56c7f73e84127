import { useAuth } from "@/lib/auth";
import { PlannerPage } from "@/features/planner/routes/planner-page";
import { usePreferences } from "@/features/settings/api/get-preferences";
import { useSavedLocations } from "@/features/settings/api/get-saved-locations";
import { UsageBar } from "@/features/usage/components/usage-bar";

/** `/` signed in: the planner, given the user's saved locations and defaults (settings) and the usage bar (usage). */
export function PlannerRoute() {
  const { user } = useAuth();
  const preferences = usePreferences();
  const savedLocations = useSavedLocations();
  const firstName = user?.name?.trim().split(/\s+/)[0];
  return (
    <PlannerPage
      title={`Welcome${firstName ? `, ${firstName}` : ""}`}
      savedLocations={savedLocations.data ?? []}
      defaultStart={preferences.data?.defaultStartLocation ?? null}
      defaultEnd={preferences.data?.defaultEndLocation ?? null}
      usage={<UsageBar compact className="w-full sm:w-72" />}
    />
  );
}
