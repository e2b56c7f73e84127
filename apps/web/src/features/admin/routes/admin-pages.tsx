import { Crown, ShieldHalf } from "lucide-react";
import { FeatureIntro } from "@/components/layouts/feature-intro";

/** /super-admin and /super-admin-dashboard (SuperAdminDashboard). */
export function SuperAdminDashboardPage() {
  return (
    <FeatureIntro
      title="Super Admin Dashboard"
      description="Platform-wide administration for RoutePilot staff: administrators, plans and system health."
      icon={Crown}
      highlights={["Grant and revoke administrator roles", "Platform usage and plan mix", "System health and background jobs", "Audit log of administrative actions"]}
    />
  );
}

/** /admin and /admin-panel (AdminDashboard). */
export function AdminDashboardPage() {
  return (
    <FeatureIntro
      title="Admin Dashboard"
      description="Support tools for administrators: find users, review their plans and handle account requests."
      icon={ShieldHalf}
      highlights={["Search users by e-mail or name", "See a user's plan and usage", "Ban, unban or delete accounts", "Handle contact-form messages"]}
    />
  );
}
