import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

/** SPEC §2/§9: screen-reader announcements clear after 1 second. */
export const ANNOUNCEMENT_CLEAR_MS = 1000;

type Announce = (message: string) => void;
const AnnouncerContext = createContext<Announce>(() => {});

/** Provides `useAnnounce()` and renders one polite aria-live region for the whole app. */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");
  const timer = useRef<number | undefined>(undefined);

  const announce = useCallback<Announce>((text) => {
    window.clearTimeout(timer.current);
    setMessage(text);
    timer.current = window.setTimeout(() => setMessage(""), ANNOUNCEMENT_CLEAR_MS);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  const value = useMemo(() => announce, [announce]);

  return (
    <AnnouncerContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="announcer">
        {message}
      </div>
    </AnnouncerContext.Provider>
  );
}

/** Announces a message to screen-reader users (cleared again after 1 s). */
export function useAnnounce(): Announce {
  return useContext(AnnouncerContext);
}
