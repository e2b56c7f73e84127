import { useEffect, useRef } from "react";
import { Toaster as Sonner, toast, useSonner } from "sonner";
import type { ResolvedTheme } from "@/lib/theme";

/** SPEC §9: a toast swiped at least this far is dismissed. */
export const SWIPE_THRESHOLD_PX = 20;

/** Reads how far sonner has dragged a toast (it keeps the offset in CSS variables while swiping). */
export function swipeDistance(element: HTMLElement): number {
  const x = Math.abs(parseFloat(element.style.getPropertyValue("--swipe-amount-x")) || 0);
  const y = Math.abs(parseFloat(element.style.getPropertyValue("--swipe-amount-y")) || 0);
  return Math.max(x, y);
}

/**
 * SPEC §9 toasts: up to 3 visible, 4000 ms each, dismissed by a 20 px swipe. sonner 2.0.8
 * dismisses only from 45 px (a fixed internal constant), so a capture-phase pointerup
 * listener — which runs before sonner resets the offset — dismisses toasts swiped 20–45 px.
 */
export function Toaster({ theme }: { theme: ResolvedTheme }) {
  const { toasts } = useSonner();
  const toastsRef = useRef(toasts);
  toastsRef.current = toasts;
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const onPointerUp = (event: PointerEvent) => {
      const element = (event.target as Element | null)?.closest<HTMLElement>("[data-sonner-toast]");
      if (!element || element.dataset.dismissible === "false") return;
      if (swipeDistance(element) < SWIPE_THRESHOLD_PX) return;
      const index = Number(element.dataset.index);
      const target = toastsRef.current[index];
      if (target) toast.dismiss(target.id);
    };
    host.addEventListener("pointerup", onPointerUp, true);
    return () => host.removeEventListener("pointerup", onPointerUp, true);
  }, []);

  return (
    <div ref={hostRef}>
      <Sonner
        theme={theme}
        visibleToasts={3}
        duration={4000}
        position="bottom-right"
        closeButton
        richColors
        containerAriaLabel="Status updates"
      />
    </div>
  );
}
