import { OverageTable } from "@/components/overage-table";
import { errorMessage } from "@/lib/api-client";
import { useOverageCharges } from "@/features/admin/api/get-overage-charges";

/** A user's 12 newest overage charges (SPEC §9), in pounds with two decimals. */
export function OverageHistory({ userId, email }: { userId: string; email: string }) {
  const charges = useOverageCharges(userId);
  if (charges.isPending) return <p className="text-sm text-muted-foreground">Loading overage history…</p>;
  if (charges.isError) return <p role="alert" className="text-sm text-destructive">{errorMessage(charges.error)}</p>;
  if (charges.data.length === 0) return <p className="text-sm text-muted-foreground">No overage charges for {email}.</p>;
  return <OverageTable charges={charges.data} label={`Overage history of ${email}`} />;
}
