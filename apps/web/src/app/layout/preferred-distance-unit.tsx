import type { ReactNode } from "react";
import { useAuth } from "@/lib/auth";
import { DistanceUnitProvider } from "@/lib/format-distance";
import { usePreferences } from "@/features/settings/api/get-preferences";

/**
 * Every distance on every page in the signed-in user's unit (their preferences, settings); signed
 * out, or while the preferences load, in the browser region's unit.
 */
export function PreferredDistanceUnit({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const preferences = usePreferences({ enabled: user !== null });
  return <DistanceUnitProvider unit={user ? preferences.data?.distanceUnit : null}>{children}</DistanceUnitProvider>;
}
