import { useEffect, useRef, useSyncExternalStore } from "react";
import { Toaster as Sonner, toast, useSonner } from "sonner";
import { useTranslation } from "@/lib/i18n";
import type { ResolvedTheme } from "@/lib/theme";
import { cn } from "@/lib/utils";

/**
 * Open navigation drawers (the phone menu). Toasts sit beneath an open one, as Material orders a
 * snackbar below a navigation drawer: the menu is never covered, and toasts still showing when it
 * closes are in view again. Dialogs are left alone: a toast about a dialog's own action must show.
 */
let openDrawers = 0;
const drawerListeners = new Set<() => void>();
function subscribeToDrawers(listener: () => void) {
  drawerListeners.add(listener);
  return () => drawerListeners.delete(listener);
}
const anyDrawerOpen = () => openDrawers > 0;

/** Call in a navigation drawer with its open state: while it is open, toasts sit beneath it. */
export function useToastsBeneath(open: boolean) {
  useEffect(() => {
    if (!open) return;
    openDrawers += 1;
    drawerListeners.forEach((listener) => listener());
    return () => {
      openDrawers -= 1;
      drawerListeners.forEach((listener) => listener());
    };
  }, [open]);
}

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
 * Toasts sit beneath an open navigation drawer ({@link useToastsBeneath}).
 */
export function Toaster({ theme }: { theme: ResolvedTheme }) {
  const { toasts } = useSonner();
  const { t } = useTranslation("ui");
  const beneath = useSyncExternalStore(subscribeToDrawers, anyDrawerOpen, () => false);
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
    // Beneath a drawer, the host is a stacking context under the drawer's layer (z-50), so sonner's
    // own z-index (the highest there is) counts only inside it.
    <div ref={hostRef} data-toasts-beneath={beneath || undefined} className={cn(beneath && "relative z-40")}>
      <Sonner
        theme={theme}
        visibleToasts={3}
        duration={4000}
        position="bottom-right"
        closeButton
        richColors
        containerAriaLabel={t("toasts.label")}
        toastOptions={{ closeButtonAriaLabel: t("toasts.close") }}
      />
    </div>
  );
}
