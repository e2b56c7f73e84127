import type { ReactNode } from "react";
import { Navigate } from "react-router";
import type { FleetRole } from "@routepilot/contracts";
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

/** Renders `children` for users with `role`; otherwise redirects per {@link decideFleetAccess}. */
export function RoleGuard({ role, children }: { role: FleetRole; children: ReactNode }) {
  const me = useMe();
  if (me.isPending) return <LoadingScreen />;
  if (me.isError) return <ErrorCard message="Your roles could not be checked. Please try again." onRetry={() => void me.refetch()} showHome />;
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
