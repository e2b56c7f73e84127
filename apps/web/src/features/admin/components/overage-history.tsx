import { OverageTable } from "@/components/overage-table";
import { errorMessage } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";
import { useOverageCharges } from "@/features/admin/api/get-overage-charges";

/** A user's 12 newest overage charges (SPEC §9), in pounds with two decimals. */
export function OverageHistory({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation("admin");
  const charges = useOverageCharges(userId);
  if (charges.isPending) return <p className="text-sm text-muted-foreground">{t("overage.loading")}</p>;
  if (charges.isError) return <p role="alert" className="text-sm text-destructive">{errorMessage(charges.error)}</p>;
  if (charges.data.length === 0) return <p className="text-sm text-muted-foreground">{t("overage.empty", { email })}</p>;
  return <OverageTable charges={charges.data} label={t("overage.label", { email })} />;
}
