import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { ErrorCard } from "@/components/errors/error-card";
import { useTranslation } from "@/lib/i18n";

/** SPEC §2 per-feature fallback: the feature encountered an error; try again or contact support. */
export function FeatureErrorFallback({ feature, onRetry }: { feature: string; onRetry: () => void }) {
  const { t } = useTranslation("ui");
  return (
    <div className="px-4 py-16">
      <ErrorCard
        title={t("feature.title", { feature })}
        message={t("feature.message", { feature })}
        onRetry={onRetry}
        showHome
      >
        <p className="text-sm text-muted-foreground">
          {t("feature.help")}{" "}
          <Link to="/contact" className="font-medium text-primary underline-offset-4 hover:underline">
            {t("feature.contact")}
          </Link>
        </p>
      </ErrorCard>
    </div>
  );
}

/** Wraps one feature's page so its failure leaves the shell and other pages working. */
export function FeatureErrorBoundary({ feature, children }: { feature: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]} fallback={({ reset }) => <FeatureErrorFallback feature={feature} onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}
