import type { ReactNode } from "react";
import { Navigate } from "react-router";
import type { FleetRole, Me } from "@routepilot/contracts";
import { LoadingScreen } from "@/components/loading-screen";
import { ErrorCard } from "@/components/errors/error-card";
import { useMe } from "@/lib/auth";
import { FLEET_ROLE_NOTICE } from "@/features/dashboard/lib/notices";

export const FLEET_ROLE_NOTICE_PATH = `/dashboard?notice=${FLEET_ROLE_NOTICE}`;
const homeOf: Record<FleetRole, string> = { driver: "/driver", manager: "/fleet" };

export type RoleDecision = { allowed: true } | { allowed: false; redirectTo: string };

/**
 * SPEC §2 role guards: /driver needs driver (fallback /fleet), /fleet* need manager (fallback
 * /driver). The fallback is used only when the user holds the other role, so a user with
 * neither role lands on /dashboard with a notice instead of bouncing between the two.
 */
export function decideFleetAccess(required: FleetRole, roles: readonly FleetRole[]): RoleDecision {
  if (roles.includes(required)) return { allowed: true };
  const other: FleetRole = required === "driver" ? "manager" : "driver";
  if (roles.includes(other)) return { allowed: false, redirectTo: homeOf[other] };
  return { allowed: false, redirectTo: FLEET_ROLE_NOTICE_PATH };
}

/** Account roles that guard pages: "admin" admits admin and super_admin, "super_admin" only super_admin. */
export type AccountGuardRole = "admin" | "super_admin";

/**
 * Admin pages (SPEC §6 says they exist but not how they are guarded): /admin, /admin-panel and
 * /security-dashboard need admin or super_admin, /super-admin* need super_admin. The server
 * decides from the account role and reports it as `access.admin` / `access.superAdmin`.
 */
export function hasAccountRole(required: AccountGuardRole, access: Me["access"]): boolean {
  return required === "super_admin" ? access.superAdmin : access.admin;
}

function isAccountRole(role: FleetRole | AccountGuardRole): role is AccountGuardRole {
  return role === "admin" || role === "super_admin";
}

/**
 * Renders `children` for users with `role`. Fleet roles redirect per {@link decideFleetAccess};
 * anyone without a required account role sees the SPEC §2 error card (no hint that the page exists).
 */
export function RoleGuard({ role, children }: { role: FleetRole | AccountGuardRole; children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (me.isError) return <ErrorCard message="Your roles could not be checked. Please try again." onRetry={() => void me.refetch()} showHome />;
  if (isAccountRole(role)) {
    if (hasAccountRole(role, me.data.access)) return <>{children}</>;
    return (
      <div className="px-4 py-16">
        <ErrorCard onRetry={() => void me.refetch()} showHome />
      </div>
    );
  }
  const decision = decideFleetAccess(role, me.data.fleetRoles);
  if (!decision.allowed) return <Navigate to={decision.redirectTo} replace />;
  return <>{children}</>;
}

/** /dashboard-redirect (RoleBasedLanding): managers to /fleet, drivers to /driver, others to /dashboard. */
export function RoleBasedLanding() {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  const roles = me.data?.fleetRoles ?? [];
  const to = roles.includes("manager") ? "/fleet" : roles.includes("driver") ? "/driver" : "/dashboard";
  return <Navigate to={to} replace />;
}
