import { useEffect } from "react";
import { useTheme } from "@/components/theme/theme-provider";
import { useAuth } from "@/lib/auth";
import { themeChoiceFromPreferences } from "@/lib/theme";
import { usePreferences } from "@/features/settings/api/get-preferences";

/**
 * Signed in, the theme comes from preferences (and follows optimistic updates and their
 * rollback); signed out, it stays as stored in this browser.
 */
export function ThemeSync() {
  const { user } = useAuth();
  const signedIn = user !== null;
  const preferences = usePreferences({ enabled: signedIn });
  const { setChoice } = useTheme();
  const stored = preferences.data ? themeChoiceFromPreferences(preferences.data) : null;
  useEffect(() => {
    if (signedIn && stored) setChoice(stored);
  }, [signedIn, stored, setChoice]);
  return null;
}
