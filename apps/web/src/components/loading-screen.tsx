import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";

/** SPEC §2: "Loading application..." with a spinner, shown while a page or the session loads. */
export function LoadingScreen({ className, fullScreen = false }: { className?: string; fullScreen?: boolean }) {
  const { t } = useTranslation("ui");
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn("flex flex-col items-center justify-center gap-3 py-24 text-muted-foreground", fullScreen && "min-h-screen py-0", className)}
    >
      <Spinner className="size-8" />
      <p className="text-sm font-medium">{t("loading")}</p>
    </div>
  );
}
