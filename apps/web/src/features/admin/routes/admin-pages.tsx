import { Crown, ShieldHalf } from "lucide-react";
import { NotAvailableYet, type MeanwhileLink } from "@/components/layouts/not-available-yet";

const meanwhile: [MeanwhileLink, ...MeanwhileLink[]] = [
  { to: "/dashboard", label: "Open your dashboard" },
  { to: "/settings", label: "Settings" },
  { to: "/help", label: "Help & Support" },
];

/** /super-admin and /super-admin-dashboard (SuperAdminDashboard): super_admin only (guarded by the app). */
export function SuperAdminDashboardPage() {
  return (
    <NotAvailableYet
      title="Super Admin Dashboard"
      icon={Crown}
      willDo={[
        "let super admins grant and revoke administrator roles",
        "show platform-wide usage and the mix of plans",
        "show system health and background jobs",
        "keep an audit log of administrative actions",
      ]}
      meanwhile={meanwhile}
    />
  );
}

/** /admin and /admin-panel (AdminDashboard): admin or super_admin (guarded by the app). */
export function AdminDashboardPage() {
  return (
    <NotAvailableYet
      title="Admin Dashboard"
      icon={ShieldHalf}
      willDo={[
        "let administrators search users by e-mail or name",
        "show a user's plan and usage",
        "let administrators ban, unban or delete accounts",
        "list contact-form messages to handle",
      ]}
      meanwhile={meanwhile}
    />
  );
}
