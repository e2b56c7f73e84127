import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { ErrorCard } from "@/components/errors/error-card";
import { useTranslation } from "@/lib/i18n";

/**
 * SPEC §2 per-feature fallback: the feature encountered an error; try again or contact support.
 * `feature` is the SPEC's English phrase ("The dashboard"); `page` the page's name in the reader's
 * language, which the other languages' sentences name instead (an English noun phrase cannot be
 * declined into them).
 */
export function FeatureErrorFallback({ feature, page = feature, onRetry }: { feature: string; page?: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation("ui");
  return (
    <div className="px-4 py-16">
      <ErrorCard
        title={t("feature.title", { feature, page })}
        message={t("feature.message", { feature, page })}
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
export function FeatureErrorBoundary({ feature, page, children }: { feature: string; page?: string | undefined; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKeys={[pathname]} fallback={({ reset }) => <FeatureErrorFallback feature={feature} page={page} onRetry={reset} />}>
      {children}
    </ErrorBoundary>
  );
}
