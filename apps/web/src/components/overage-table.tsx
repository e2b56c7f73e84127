import type { AdminOverageCharge } from "@routepilot/contracts";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";

/** Overage charges (SPEC §9: 100 p a route above the limit), in pounds with two decimals. */
const statusKeys = { pending: "overage.status_pending", paid: "overage.status_paid", failed: "overage.status_failed" } as const;

export function OverageTable({ charges, label }: { charges: AdminOverageCharge[]; label: string }) {
  const { t } = useTranslation("ui");
  const format = useFormat();
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-1 pr-4 font-medium">{t("overage.date")}</th>
          <th className="py-1 pr-4 font-medium">{t("overage.routes")}</th>
          <th className="py-1 pr-4 font-medium">{t("overage.amount")}</th>
          <th className="py-1 font-medium">{t("overage.status")}</th>
        </tr>
      </thead>
      <tbody>
        {charges.map((c) => (
          <tr key={c.id}>
            <td className="py-1 pr-4">{format.date(c.createdAt)}</td>
            <td className="py-1 pr-4">{format.number(c.overageRoutes)}</td>
            <td className="py-1 pr-4">{format.money(c.amountCharged)}</td>
            <td className="py-1">{Object.hasOwn(statusKeys, c.paymentStatus) ? t(statusKeys[c.paymentStatus as keyof typeof statusKeys]) : c.paymentStatus}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
