import { ShieldAlert } from "lucide-react";
import { NotAvailableYet } from "@/components/layouts/not-available-yet";

/** /security-dashboard (SecurityDashboard): admin or super_admin (guarded by the app). */
export function SecurityDashboardPage() {
  return (
    <NotAvailableYet
      title="Security Dashboard"
      icon={ShieldAlert}
      willDo={[
        "list security alerts for administrators, sorted by severity",
        "show rate-limit violations by category",
        "show encryption health and key versions",
        "recommend actions when load or threats rise",
      ]}
      meanwhile={[
        { to: "/update-password", label: "Change your password" },
        { to: "/help", label: "Help & Support" },
      ]}
    />
  );
}
