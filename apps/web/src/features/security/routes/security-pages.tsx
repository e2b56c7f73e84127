import { ShieldAlert, ShieldCheck } from "lucide-react";
import { NotAvailableYet } from "@/components/layouts/not-available-yet";

/** /security (Security): the signed-in user's own account security. */
export function SecurityPage() {
  return (
    <NotAvailableYet
      title="Security"
      icon={ShieldCheck}
      willDo={[
        "set up two-factor authentication with an authenticator app",
        "list the devices and sessions signed in to your account and sign them out",
        "show your recent sign-in activity",
      ]}
      meanwhile={[
        { to: "/update-password", label: "Change your password" },
        { to: "/settings", label: "Settings" },
        { to: "/contact", label: "Report a security concern" },
      ]}
    />
  );
}

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
