import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { SecurityDashboard } from "@/features/security-dashboard/components/security-dashboard";

/** /security-dashboard (SecurityDashboard): admin or super_admin (guarded by the app; the API answers 403 to others). */
export function SecurityDashboardPage() {
  return (
    <PageContainer size="wide">
      <PageHeader title="Security Dashboard" description="Security alerts, rate-limit violations and the audit trail of this RoutePilot server." />
      <SecurityDashboard />
    </PageContainer>
  );
}
