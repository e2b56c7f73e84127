import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { useMe } from "@/lib/auth";
import { AdminConsole } from "@/features/admin/components/admin-console";

/** /admin and /admin-panel (AdminDashboard): admin or super_admin (guarded by the app); a super_admin also edits roles here. */
export function AdminDashboardPage() {
  const me = useMe();
  return (
    <PageContainer size="wide">
      <PageHeader title="Admin Dashboard" description="Search users, change their plan, reset their usage, ban, unban or delete them. Every change is recorded in the audit log." />
      <AdminConsole canChangeRoles={me.data?.access.superAdmin ?? false} viewer={me.data?.user} />
    </PageContainer>
  );
}
