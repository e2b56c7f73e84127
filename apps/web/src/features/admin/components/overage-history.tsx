import { formatPence } from "@routepilot/contracts";
import { errorMessage } from "@/lib/api-client";
import { useOverageCharges } from "@/features/admin/api/get-overage-charges";

/** A user's 12 newest overage charges (SPEC §9), in pounds with two decimals. */
export function OverageHistory({ userId, email }: { userId: string; email: string }) {
  const charges = useOverageCharges(userId);
  if (charges.isPending) return <p className="text-sm text-muted-foreground">Loading overage history…</p>;
  if (charges.isError) return <p role="alert" className="text-sm text-destructive">{errorMessage(charges.error)}</p>;
  if (charges.data.length === 0) return <p className="text-sm text-muted-foreground">No overage charges for {email}.</p>;
  return (
    <table className="w-full text-sm" aria-label={`Overage history of ${email}`}>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th className="py-1 pr-4 font-medium">Date</th>
          <th className="py-1 pr-4 font-medium">Routes</th>
          <th className="py-1 pr-4 font-medium">Amount</th>
          <th className="py-1 font-medium">Status</th>
        </tr>
      </thead>
      <tbody>
        {charges.data.map((c) => (
          <tr key={c.id}>
            <td className="py-1 pr-4">{new Date(c.createdAt).toLocaleDateString()}</td>
            <td className="py-1 pr-4">{c.overageRoutes}</td>
            <td className="py-1 pr-4">{formatPence(c.amountCharged)}</td>
            <td className="py-1">{c.paymentStatus}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
