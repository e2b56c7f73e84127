import { useEffect } from "react";

export const MAIN_CONTENT_ID = "main-content";

/** Moves keyboard focus to the main content area. */
export function focusMainContent(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  main.focus();
  main.scrollIntoView?.({ block: "start" });
}

/**
 * The "Skip to main content" link lives in index.html (first in the body, present before the
 * app loads). This hook makes it move focus without a router navigation, and adds Alt+S, which
 * does the same from anywhere (SPEC §2, §9).
 */
export function useSkipToMainContent(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === "s" || event.key === "S" || event.code === "KeyS")) {
        event.preventDefault();
        focusMainContent();
      }
    }
    function onClick(event: MouseEvent) {
      const target = event.target instanceof Element ? event.target.closest("a[data-skip-link]") : null;
      if (!target) return;
      event.preventDefault();
      focusMainContent();
    }
    window.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick, true);
    };
  }, []);
}
