import { useEffect } from "react";

export const MAIN_CONTENT_ID = "main-content";

/** Moves keyboard focus to the main content area. */
export function focusMainContent(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  main.focus();
  main.scrollIntoView?.({ block: "start" });
}

/** The first focusable element: a "Skip to main content" link, visible when focused. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        event.preventDefault();
        focusMainContent();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg"
    >
      Skip to main content
    </a>
  );
}

/** Alt+S moves focus to the main content from anywhere (SPEC §2, §9). */
export function useSkipToMainShortcut(): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === "s" || event.key === "S" || event.code === "KeyS")) {
        event.preventDefault();
        focusMainContent();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
