import type { AdminOverageCharge } from "@routepilot/contracts";
import { useFormat } from "@/lib/format";

const statusLabels: Record<string, string> = { pending: "Pending", paid: "Paid", failed: "Failed" };

/** Overage charges (SPEC §9: 100 p a route above the limit), in pounds with two decimals. */
export function OverageTable({ charges, label }: { charges: AdminOverageCharge[]; label: string }) {
  const format = useFormat();
  return (
    <table className="w-full text-sm" aria-label={label}>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-1 pr-4 font-medium">Date</th>
          <th className="py-1 pr-4 font-medium">Routes</th>
          <th className="py-1 pr-4 font-medium">Amount</th>
          <th className="py-1 font-medium">Status</th>
        </tr>
      </thead>
      <tbody>
        {charges.map((c) => (
          <tr key={c.id}>
            <td className="py-1 pr-4">{format.date(c.createdAt)}</td>
            <td className="py-1 pr-4">{format.number(c.overageRoutes)}</td>
            <td className="py-1 pr-4">{format.money(c.amountCharged)}</td>
            <td className="py-1">{statusLabels[c.paymentStatus] ?? c.paymentStatus}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
