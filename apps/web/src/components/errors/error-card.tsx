import type { ReactNode } from "react";
import { AlertTriangle, Home, RefreshCw, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { goTo, reloadPage } from "@/lib/browser";
import { useTranslation } from "@/lib/i18n";

type ErrorCardProps = {
  title?: string;
  message?: string;
  /** Renders a Try Again button calling this. */
  onRetry?: () => void;
  /** Shows Return Home (goes to /). */
  showHome?: boolean;
  className?: string;
  children?: ReactNode;
};

/** SPEC §2 error card: "Something went wrong" with Try Again, Reload Page and optional Return Home. */
export function ErrorCard({
  title,
  message,
  onRetry,
  showHome = false,
  className,
  children,
}: ErrorCardProps) {
  const { t } = useTranslation("ui");
  return (
    <div className={cn("mx-auto flex w-full max-w-lg flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm", className)} role="alert">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-destructive">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-xl font-semibold tracking-tight">{title ?? t("error.title")}</h2>
      <p className="text-muted-foreground">{message ?? t("error.message")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry ? (
          <Button onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            {t("error.retry")}
          </Button>
        ) : null}
        <Button variant="outline" onClick={() => reloadPage()}>
          <RefreshCw aria-hidden="true" />
          {t("error.reload")}
        </Button>
        {showHome ? (
          <Button variant="ghost" onClick={() => goTo("/")}>
            <Home aria-hidden="true" />
            {t("error.home")}
          </Button>
        ) : null}
      </div>
      {children}
    </div>
  );
}
