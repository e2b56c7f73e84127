import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import {
  applyResolvedTheme,
  readStoredTheme,
  resolveTheme,
  subscribeSystemTheme,
  systemPrefersDark,
  writeStoredTheme,
  type ResolvedTheme,
  type ThemeChoice,
} from "@/lib/theme";

type ThemeContextValue = {
  /** What the user chose: light, dark or system. */
  choice: ThemeChoice;
  /** What is on screen now (system resolved through prefers-color-scheme). */
  resolved: ResolvedTheme;
  /** Applies and remembers a choice in this browser. Saving it to preferences is the caller's job. */
  setChoice: (choice: ThemeChoice) => void;
};

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * Holds the theme choice and keeps `class="dark"` on <html> in step with it. With "system"
 * it listens to matchMedia change events, so the page follows the OS setting live.
 */
export function ThemeProvider({ children, initialChoice }: { children: ReactNode; initialChoice?: ThemeChoice }) {
  const [choice, setChoiceState] = useState<ThemeChoice>(() => initialChoice ?? readStoredTheme());
  const systemDark = useSyncExternalStore(subscribeSystemTheme, systemPrefersDark, () => false);
  const resolved = resolveTheme(choice, systemDark);

  useLayoutEffect(() => {
    applyResolvedTheme(resolved);
  }, [resolved]);

  const setChoice = useCallback((next: ThemeChoice) => {
    writeStoredTheme(next);
    setChoiceState(next);
  }, []);

  const value = useMemo(() => ({ choice, resolved, setChoice }), [choice, resolved, setChoice]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside <ThemeProvider>");
  return value;
}
