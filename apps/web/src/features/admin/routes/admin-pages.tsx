import { adminMessages } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { useMe } from "@/lib/auth";
import { AdminConsole } from "@/features/admin/components/admin-console";

/** /super-admin and /super-admin-dashboard (SuperAdminDashboard): super_admin only (guarded by the app). */
export function SuperAdminDashboardPage() {
  return (
    <PageContainer size="wide">
      <PageHeader title="Super Admin Dashboard" description="Change any user's plan, role and ban status. Every change is recorded in the audit log." />
      <AdminConsole canChangeRoles />
      <section aria-label="System health" className="mt-8 rounded-lg border p-4 text-sm text-muted-foreground">
        <h2 className="mb-1 font-semibold text-foreground">System health</h2>
        {adminMessages.systemHealthNotAvailable}
      </section>
    </PageContainer>
  );
}

/** /admin and /admin-panel (AdminDashboard): admin or super_admin (guarded by the app); a super_admin also edits roles here. */
export function AdminDashboardPage() {
  const me = useMe();
  return (
    <PageContainer size="wide">
      <PageHeader title="Admin Dashboard" description="Search users, change their plan, reset their usage, ban or unban them. Every change is recorded in the audit log." />
      <AdminConsole canChangeRoles={me.data?.access.superAdmin ?? false} />
    </PageContainer>
  );
}
