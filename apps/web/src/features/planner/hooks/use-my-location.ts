import { useState } from "react";
import { toast } from "sonner";
import type { PlaceDraft } from "@/features/planner/lib/planner-form";
import { useTranslation } from "@/lib/i18n";

/** The browser's position as a start place ("Use my location"); `locating` while the browser answers. */
export function useMyLocation(onFound: (place: PlaceDraft) => void) {
  const { t } = useTranslation("planner");
  const [locating, setLocating] = useState(false);

  function locate() {
    if (!("geolocation" in navigator)) {
      toast.error(t("toast.noGeolocation"));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const lat = Math.round(position.coords.latitude * 1e5) / 1e5;
        const lng = Math.round(position.coords.longitude * 1e5) / 1e5;
        onFound({ text: t("toast.myLocation", { lat, lng }), lat, lng });
      },
      (error) => {
        setLocating(false);
        toast.error(t("toast.noLocation"), { description: error.code === error.PERMISSION_DENIED ? t("toast.locationDenied") : t("toast.locationRetry") });
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return { locating, locate };
}
