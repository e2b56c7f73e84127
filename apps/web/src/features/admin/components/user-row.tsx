import { Fragment, useState } from "react";
import type { TFunction } from "i18next";
import { accountRoleOf, accountRoles, monthlyRouteLimits, tierDisplayNames, tiers, type AccountRole, type AdminUser, type Tier } from "@routepilot/contracts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { useFormat, type Formatter } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useBanUser } from "@/features/admin/api/ban-user";
import { useChangePlan } from "@/features/admin/api/change-plan";
import { useChangeRole } from "@/features/admin/api/change-role";
import { useResetUsage } from "@/features/admin/api/reset-usage";
import { useUnbanUser } from "@/features/admin/api/unban-user";
import { ROLE_KEY, signInMethodName } from "@/features/admin/components/words";
import { DeleteUserDialog } from "@/features/admin/components/delete-user-dialog";
import { OverageHistory } from "@/features/admin/components/overage-history";

/** A change picked in the row, waiting for the admin to confirm it (issue 25: picking a value no longer applies it). */
type PendingChange = { kind: "plan"; tier: Tier } | { kind: "role"; role: AccountRole } | { kind: "ban" };

type ConfirmText = { title: string; description: string; action: string; destructive: boolean };

/** What the confirmation dialog says for a pending change: the user, and the old and new value. */
function confirmText(user: AdminUser, change: PendingChange, t: TFunction<"admin">, format: Formatter): ConfirmText {
  const email = user.email;
  switch (change.kind) {
    case "plan": {
      const to = tierDisplayNames[change.tier];
      return {
        title: t("confirm.plan.title", { email }),
        description: t("confirm.plan.description", { from: asTierName(user.tier), to, limit: format.number(monthlyRouteLimits[change.tier]), was: format.number(user.monthlyLimit) }),
        action: t("confirm.plan.action", { plan: to }),
        destructive: false,
      };
    }
    case "role":
      return {
        title: t("confirm.role.title", { email }),
        description: t("confirm.role.description", { from: t(ROLE_KEY[accountRoleOf(user.role)]), to: t(ROLE_KEY[change.role]) }),
        action: t("confirm.role.action", { role: t(ROLE_KEY[change.role]) }),
        destructive: change.role === "user",
      };
    case "ban":
      return {
        title: t("confirm.ban.title", { email }),
        description: t("confirm.ban.description"),
        action: t("confirm.ban.action"),
        destructive: true,
      };
  }
}

function asTierName(tier: string): string {
  return (tiers as readonly string[]).includes(tier) ? tierDisplayNames[tier as Tier] : tier;
}

type UserRowProps = {
  user: AdminUser;
  canChangeRoles: boolean;
  /** Whether the viewer may delete this account (not their own; an admin only a plain user's: accountDeletionRefusal). */
  canDelete: boolean;
  /** Reports an action that succeeded (a confirmed change's failure is shown in its dialog, unban's and reset's in the app's error toast: decision 018). */
  onResult: (message: string) => void;
};

/**
 * One user in the console: plan select, role (select for super_admin), usage, ban/unban, reset usage
 * overage history, linked sign-in methods and account deletion. A plan, role or ban is applied only
 * after a confirmation naming the user and the old and new value; Cancel (or Escape) leaves the user
 * unchanged; the dialog stays open until the server answers and shows a refusal itself. Deleting asks
 * for the user's e-mail typed in its own dialog.
 */
export function UserRow({ user, canChangeRoles, canDelete, onResult }: UserRowProps) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const [showOverage, setShowOverage] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // The dialog's text is fixed when the change is picked, so the refreshed row does not rewrite it while the dialog closes.
  const [pending, setPending] = useState<{ change: PendingChange; text: ConfirmText } | null>(null);
  const ask = (change: PendingChange) => setPending({ change, text: confirmText(user, change, t, format) });
  const changePlan = useChangePlan();
  const changeRole = useChangeRole();
  const ban = useBanUser();
  const unban = useUnbanUser();
  const reset = useResetUsage();
  const busy = changePlan.isPending || changeRole.isPending || ban.isPending || unban.isPending || reset.isPending;
  // Unban's and reset's failures are the app's error toast (decision 018): the status line sits above the table, out of view from a lower row.
  const report = (done: string) => ({ onSuccess: () => onResult(done) });
  const role = accountRoleOf(user.role);

  /** Applies a confirmed change; the dialog stays open until the server answers, and shows a refusal itself. */
  function apply(change: PendingChange): Promise<void> {
    const email = user.email;
    if (change.kind === "plan") {
      return changePlan.mutateAsync({ userId: user.id, tier: change.tier }).then(() => onResult(t("result.plan", { email, plan: tierDisplayNames[change.tier] })));
    }
    if (change.kind === "role") return changeRole.mutateAsync({ userId: user.id, role: change.role }).then(() => onResult(t("result.role", { email, role: t(ROLE_KEY[change.role]) })));
    return ban.mutateAsync({ userId: user.id }).then(() => onResult(t("result.banned", { email })));
  }

  return (
    <Fragment>
      <tr className="border-t align-middle">
        <td className="py-2 pr-3">
          <div className="font-medium break-all">{user.email}</div>
          <div className="text-muted-foreground">{user.name}</div>
          <div className="text-xs text-muted-foreground">
            {t("row.signIn", { methods: user.signInMethods.length > 0 ? user.signInMethods.map((id) => signInMethodName(id, t)).join(", ") : t("row.noneLinked") })}
          </div>
        </td>
        <td className="py-2 pr-3">
          <NativeSelect
            aria-label={t("row.planOf", { email: user.email })}
            className="h-9"
            value={user.tier}
            disabled={busy}
            onChange={(e) => {
              const tier = e.target.value as Tier;
              // The select stays on the current plan until the change is confirmed.
              if (tier !== user.tier) ask({ kind: "plan", tier });
            }}
          >
            {tiers.map((t) => (
              <option key={t} value={t}>
                {tierDisplayNames[t]}
              </option>
            ))}
          </NativeSelect>
        </td>
        <td className="py-2 pr-3">
          {canChangeRoles ? (
            <NativeSelect
              aria-label={t("row.roleOf", { email: user.email })}
              className="h-9"
              value={role}
              disabled={busy}
              onChange={(e) => {
                const next = e.target.value as AccountRole;
                if (next !== role) ask({ kind: "role", role: next });
              }}
            >
              {accountRoles.map((r) => (
                <option key={r} value={r}>
                  {t(ROLE_KEY[r])}
                </option>
              ))}
            </NativeSelect>
          ) : (
            t(ROLE_KEY[role])
          )}
        </td>
        <td className="py-2 pr-3 tabular-nums">
          {format.number(user.routesUsed)} / {format.number(user.monthlyLimit)}
        </td>
        <td className="py-2 pr-3">{format.date(user.createdAt)}</td>
        <td className="py-2 pr-3">{user.banned ? <Badge variant="destructive">{t("row.banned")}</Badge> : <span className="text-muted-foreground">{t("row.notBanned")}</span>}</td>
        <td className="py-2">
          <div className="flex flex-wrap gap-2">
            {user.banned ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => unban.mutate({ userId: user.id }, report(t("result.unbanned", { email: user.email })))}>
                {t("row.unban")}
              </Button>
            ) : (
              <Button size="sm" variant="outline" disabled={busy} aria-label={t("row.banUser", { email: user.email })} onClick={() => ask({ kind: "ban" })}>
                {t("row.ban")}
              </Button>
            )}
            <Button size="sm" variant="outline" disabled={busy} aria-label={t("row.resetUsageOf", { email: user.email })} onClick={() => reset.mutate({ userId: user.id }, report(t("result.usageReset", { email: user.email })))}>
              {t("row.resetUsage")}
            </Button>
            <Button size="sm" variant="ghost" aria-expanded={showOverage} aria-label={t("overage.label", { email: user.email })} onClick={() => setShowOverage((v) => !v)}>
              {t("row.overage")}
            </Button>
            {canDelete ? (
              <Button size="sm" variant="outline" className="text-destructive" disabled={busy} aria-label={t("row.deleteAccountOf", { email: user.email })} onClick={() => setDeleting(true)}>
                {t("row.deleteAccount")}
              </Button>
            ) : null}
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
      {canDelete ? <DeleteUserDialog user={user} open={deleting} onOpenChange={setDeleting} onDeleted={onResult} /> : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={pending?.text.title}
        description={pending?.text.description}
        confirmLabel={pending?.text.action ?? ""}
        variant={pending?.text.destructive ? "destructive" : "default"}
        onConfirm={() => (pending ? apply(pending.change) : undefined)}
      />
    </Fragment>
  );
}
