import { Link } from "react-router";
import { Users } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/i18n";
import { SystemGrowth } from "@/features/admin/components/system-growth";
import { SystemHealthPanel } from "@/features/admin/components/system-health-panel";

/** /super-admin and /super-admin-dashboard (SuperAdminDashboard): super_admin only (guarded by the app). The users table stays on /admin. */
export function SuperAdminDashboardPage() {
  const { t } = useTranslation("admin");
  return (
    <PageContainer size="wide">
      <PageHeader
        title={t("superAdmin.title")}
        description={t("superAdmin.description")}
        actions={
          <Button asChild variant="outline">
            <Link to="/admin">
              <Users aria-hidden="true" />
              {t("superAdmin.manageUsers")}
            </Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-8">
        <SystemHealthPanel />
        <SystemGrowth />
      </div>
    </PageContainer>
  );
}
