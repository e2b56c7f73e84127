import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Ban, X } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useFormat } from "@/lib/format";
import { Trans, useTranslation } from "@/lib/i18n";

/**
 * What the planner knows of the user's quota before anything is typed (composed in by the app
 * from GET /api/me/usage, GET /api/billing/plans and the user's preferences).
 */
export type PlannerQuota = {
  /** The server's reason the next optimisation would be refused (its 402 message), or null when it would go through. */
  refusal: string | null;
  /** When the count starts again (ISO). */
  resetsAt: string;
  /** Plans are bought online on this server (Stripe configured): the way out is an upgrade; else an administrator changes plans. */
  paymentsEnabled: boolean;
  /** The routes count against a team allocation: the team admin gives more. */
  isTeamMember: boolean;
  /**
   * @deprecated Ignored: the reset date follows `useFormat()` (the user's language and time zone,
   * composed at the app root). Still passed by app/routes/planner-route.tsx; drop it there, then here.
   */
  locale?: string | undefined;
  /** @deprecated Ignored, as {@link PlannerQuota.locale}. */
  timeZone?: string | undefined;
};

/** The id of the short reason next to the disabled Optimise button (its aria-describedby). */
export const QUOTA_REASON_ID = "planner-quota-reason";

/** The reset date as the user reads it: "1 December 2026" in their language and time zone. */
function useResetDate(quota: Pick<PlannerQuota, "resetsAt">): string {
  return useFormat().date(quota.resetsAt, "long");
}

/** What the user can do at the limit: upgrade where plans are sold online, else ask the team admin or an administrator. */
function WayOut({ quota }: { quota: PlannerQuota }) {
  const { t } = useTranslation("planner");
  if (quota.isTeamMember) return <p>{t("quota.askTeamAdmin")}</p>;
  if (quota.paymentsEnabled) {
    return (
      <p>
        <Trans t={t} i18nKey="quota.upgrade" components={{ a: <Link to="/pricing" className="font-medium underline underline-offset-2" /> }} />
      </p>
    );
  }
  return (
    <p>
      <Trans t={t} i18nKey="quota.askAdministrator" components={{ a: <Link to="/contact" className="font-medium underline underline-offset-2" /> }} />
    </p>
  );
}

/**
 * At the limit (the server would refuse the next route), shown above the form before anything is
 * typed: the server's reason, the reset date and what the user can do.
 */
export function QuotaBanner({ quota }: { quota: PlannerQuota }) {
  const resetDate = useResetDate(quota);
  const { t } = useTranslation("planner");
  if (!quota.refusal) return null;
  return (
    <Alert variant="destructive" role="region" aria-labelledby="planner-quota-title" data-testid="quota-banner">
      <Ban aria-hidden="true" />
      <div className="grid gap-1">
        <AlertTitle id="planner-quota-title">{t("quota.limitReached")}</AlertTitle>
        <AlertDescription className="grid gap-1">
          <p>{quota.refusal}</p>
          <p>{t("quota.resetsOn", { date: resetDate })}</p>
          <WayOut quota={quota} />
        </AlertDescription>
      </div>
    </Alert>
  );
}

/** The short reason beside the disabled Optimise button (read with it through aria-describedby). */
export function QuotaReason({ quota }: { quota: PlannerQuota }) {
  const resetDate = useResetDate(quota);
  const { t } = useTranslation("planner");
  if (!quota.refusal) return null;
  return (
    <p id={QUOTA_REASON_ID} className="text-sm font-medium text-destructive">
      {t("quota.reason", { date: resetDate })}
    </p>
  );
}

/**
 * A refused optimisation (402, 429): the server's message where the user is looking — next to the
 * Optimise button, scrolled into view and focused, role=alert — until they dismiss it. The form
 * keeps everything typed.
 */
export function RefusalMessage({ message, onDismiss, quota }: { message: string; onDismiss: () => void; quota?: PlannerQuota | null | undefined }) {
  const { t } = useTranslation("planner");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    node.scrollIntoView?.({ block: "center", behavior: "smooth" });
    node.focus({ preventScroll: true });
  }, [message]);
  return (
    <Alert ref={ref} variant="destructive" tabIndex={-1} aria-labelledby="planner-refusal-title" className="outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid="optimise-refused">
      <Ban aria-hidden="true" />
      <div className="grid flex-1 gap-1">
        <AlertTitle id="planner-refusal-title">{t("quota.notOptimised")}</AlertTitle>
        <AlertDescription className="grid gap-1">
          <p>{message}</p>
          <p>{t("quota.stopsKept")}</p>
          {quota?.refusal ? <WayOut quota={quota} /> : null}
        </AlertDescription>
      </div>
      <Button variant="ghost" size="icon" className="-mr-2 -mt-1 size-8 shrink-0" aria-label={t("quota.dismiss")} onClick={onDismiss}>
        <X aria-hidden="true" />
      </Button>
    </Alert>
  );
}
