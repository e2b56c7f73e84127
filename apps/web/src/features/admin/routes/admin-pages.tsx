import { useSearchParams } from "react-router";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useMe } from "@/lib/auth";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { AdminConsole } from "@/features/admin/components/admin-console";
import { ContactInbox } from "@/features/admin/components/contact-inbox";
import { useContactMessages } from "@/features/admin/api/get-contact-messages";

type Tab = "users" | "inbox";

/** The Inbox tab's label with the unread count (the inbox's first page, shared with the inbox's cache). */
function InboxTabLabel() {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const unread = useContactMessages({ page: 1 }).data?.unread ?? 0;
  return (
    <>
      {t("page.inboxTab")}{" "}
      {unread > 0 ? (
        <Badge className="ml-2">
          {format.number(unread)}
          <span className="sr-only"> {t("page.unread", { count: unread })}</span>
        </Badge>
      ) : null}
    </>
  );
}

/** /admin and /admin-panel (AdminDashboard): admin or super_admin (guarded by the app); a super_admin also edits roles here. ?tab=inbox opens the contact inbox. */
export function AdminDashboardPage() {
  const { t } = useTranslation("admin");
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "inbox" ? "inbox" : "users";
  return (
    <PageContainer size="wide">
      <PageHeader
        title={t("page.title")}
        description={t("page.description")}
      />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === "inbox") next.set("tab", "inbox");
          else next.delete("tab");
          setParams(next, { replace: true });
        }}
      >
        <TabsList className="max-w-md">
          <TabsTrigger value="users">{t("page.usersTab")}</TabsTrigger>
          <TabsTrigger value="inbox">
            <InboxTabLabel />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <AdminConsole canChangeRoles={me.data?.access.superAdmin ?? false} viewer={me.data?.user} />
        </TabsContent>
        <TabsContent value="inbox">
          <ContactInbox />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
