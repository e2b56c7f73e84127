import { Link } from "react-router";
import { KeyRound, ShieldAlert, ShieldCheck } from "lucide-react";
import { FeatureIntro } from "@/components/layouts/feature-intro";
import { Button } from "@/components/ui/button";

/** /security (Security): the signed-in user's own account security. */
export function SecurityPage() {
  return (
    <FeatureIntro
      title="Security"
      description="Protect your account: your password, two-factor authentication and the devices signed in to it."
      icon={ShieldCheck}
      highlights={["Change your password", "Two-factor authentication with an authenticator app", "Devices and sessions signed in to your account", "Recent sign-in activity"]}
    >
      <div className="mt-6">
        <Button asChild>
          <Link to="/update-password">
            <KeyRound aria-hidden="true" />
            Change password
          </Link>
        </Button>
      </div>
    </FeatureIntro>
  );
}

/** /security-dashboard (SecurityDashboard): for administrators. */
export function SecurityDashboardPage() {
  return (
    <FeatureIntro
      title="Security Dashboard"
      description="Security alerts, rate-limit violations and encryption health for administrators, refreshed live."
      icon={ShieldAlert}
      highlights={["Active alerts sorted by severity", "Rate-limit violations by category", "Encryption health and key versions", "Recommendations when load or threats rise"]}
    />
  );
}
