import { Toaster as Sonner } from "sonner";
import type { ResolvedTheme } from "@/lib/theme";

/**
 * SPEC §9 toasts: up to 3 visible, 4000 ms each. The SPEC's 20 px swipe threshold is not
 * configurable in sonner 2.0.8 (a fixed internal SWIPE_THRESHOLD of 45 px).
 */
export function Toaster({ theme }: { theme: ResolvedTheme }) {
  return (
    <Sonner
      theme={theme}
      visibleToasts={3}
      duration={4000}
      position="bottom-right"
      closeButton
      richColors
      containerAriaLabel="Status updates"
    />
  );
}
