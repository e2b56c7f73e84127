import { Fragment, useState } from "react";
import { accountRoleOf, accountRoles, tierDisplayNames, tiers, type AccountRole, type AdminUser, type Tier } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useBanUser } from "@/features/admin/api/ban-user";
import { useChangePlan } from "@/features/admin/api/change-plan";
import { useChangeRole } from "@/features/admin/api/change-role";
import { useResetUsage } from "@/features/admin/api/reset-usage";
import { useUnbanUser } from "@/features/admin/api/unban-user";
import { OverageHistory } from "@/features/admin/components/overage-history";

const selectClass = "h-9 rounded-md border border-input bg-background px-2 text-sm disabled:opacity-60";

type UserRowProps = {
  user: AdminUser;
  canChangeRoles: boolean;
  /** Reports the outcome of an action (success or the server's message). */
  onResult: (message: string, ok: boolean) => void;
};

/** One user in the console: plan select, role (select for super_admin), usage, ban/unban, reset usage and overage history. */
export function UserRow({ user, canChangeRoles, onResult }: UserRowProps) {
  const [showOverage, setShowOverage] = useState(false);
  const changePlan = useChangePlan();
  const changeRole = useChangeRole();
  const ban = useBanUser();
  const unban = useUnbanUser();
  const reset = useResetUsage();
  const busy = changePlan.isPending || changeRole.isPending || ban.isPending || unban.isPending || reset.isPending;
  const report = (ok: string) => ({ onSuccess: () => onResult(ok, true), onError: (e: Error) => onResult(e.message, false) });
  const role = accountRoleOf(user.role);

  return (
    <Fragment>
      <tr className="border-t align-middle">
        <td className="py-2 pr-3">
          <div className="font-medium break-all">{user.email}</div>
          <div className="text-muted-foreground">{user.name}</div>
        </td>
        <td className="py-2 pr-3">
          <select
            aria-label={`Plan of ${user.email}`}
            className={selectClass}
            value={user.tier}
            disabled={busy}
            onChange={(e) => {
              const tier = e.target.value as Tier;
              changePlan.mutate({ userId: user.id, tier }, report(`${user.email} is now on ${tierDisplayNames[tier]}.`));
            }}
          >
            {tiers.map((t) => (
              <option key={t} value={t}>
                {tierDisplayNames[t]}
              </option>
            ))}
          </select>
        </td>
        <td className="py-2 pr-3">
          {canChangeRoles ? (
            <select
              aria-label={`Role of ${user.email}`}
              className={selectClass}
              value={role}
              disabled={busy}
              onChange={(e) => {
                const next = e.target.value as AccountRole;
                changeRole.mutate({ userId: user.id, role: next }, report(`${user.email} is now ${next}.`));
              }}
            >
              {accountRoles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          ) : (
            role
          )}
        </td>
        <td className="py-2 pr-3 tabular-nums">
          {user.routesUsed} / {user.monthlyLimit}
        </td>
        <td className="py-2 pr-3">{new Date(user.createdAt).toLocaleDateString()}</td>
        <td className="py-2 pr-3">{user.banned ? <Badge variant="destructive">Banned</Badge> : <span className="text-muted-foreground">No</span>}</td>
        <td className="py-2">
          <div className="flex flex-wrap gap-2">
            {user.banned ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => unban.mutate({ userId: user.id }, report(`${user.email} is no longer banned.`))}>
                Unban
              </Button>
            ) : (
              <Button size="sm" variant="outline" disabled={busy} aria-label={`Ban ${user.email}`} onClick={() => ban.mutate({ userId: user.id }, report(`${user.email} is banned and signed out.`))}>
                Ban
              </Button>
            )}
            <Button size="sm" variant="outline" disabled={busy} aria-label={`Reset usage of ${user.email}`} onClick={() => reset.mutate({ userId: user.id }, report(`Usage of ${user.email} reset to 0.`))}>
              Reset usage
            </Button>
            <Button size="sm" variant="ghost" aria-expanded={showOverage} aria-label={`Overage history of ${user.email}`} onClick={() => setShowOverage((v) => !v)}>
              Overage
            </Button>
          </div>
        </td>
      </tr>
      {showOverage ? (
        <tr>
          <td colSpan={7} className="bg-muted/40 px-3 py-2">
            <OverageHistory userId={user.id} email={user.email} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
