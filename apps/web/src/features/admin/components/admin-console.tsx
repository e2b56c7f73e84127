import { useState } from "react";
import { accountDeletionRefusal, adminPageSizes, type AdminUserSort } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { useFormat } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useAdminUsers } from "@/features/admin/api/get-admin-users";
import { UserRow } from "@/features/admin/components/user-row";

/** Each sort order in the reader's words (catalogue keys of `admin`). */
const SORT_KEY = { created: "users.sort.created", email: "users.sort.email", routesUsed: "users.sort.routesUsed" } as const satisfies Record<AdminUserSort, string>;

type AdminConsoleProps = {
  canChangeRoles: boolean;
  /** The signed-in administrator: which accounts they may delete (never their own; an admin only plain users'). */
  viewer: { id: string; role: string } | undefined;
};

/** The admin console's users table: search, sort, paginate 25/50/100, and per-user actions. */
export function AdminConsole({ canChangeRoles, viewer }: AdminConsoleProps) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const [q, setQ] = useState("");
  const [sort, setSort] = useState<AdminUserSort>("created");
  const [pageSize, setPageSize] = useState<(typeof adminPageSizes)[number]>(25);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState("");
  const users = useAdminUsers({ q: q.trim() || undefined, sort, pageSize, page });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / pageSize)) : 1;

  return (
    <section aria-label={t("users.region")} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <Label htmlFor="admin-search">{t("users.search")}</Label>
          <Input
            id="admin-search"
            type="search"
            value={q}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="admin-sort">{t("users.sortBy")}</Label>
          <NativeSelect id="admin-sort" value={sort} onChange={(e) => setSort(e.target.value as AdminUserSort)}>
            {(Object.keys(SORT_KEY) as AdminUserSort[]).map((s) => (
              <option key={s} value={s}>
                {t(SORT_KEY[s])}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="admin-page-size">{t("users.perPage")}</Label>
          <NativeSelect
            id="admin-page-size"
            value={pageSize}
            onChange={(e) => {
              setPageSize(Number(e.target.value) as (typeof adminPageSizes)[number]);
              setPage(1);
            }}
          >
            {adminPageSizes.map((n) => (
              <option key={n} value={n}>
                {format.number(n)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <p role="status" className="text-sm text-muted-foreground">
        {result}
      </p>

      {users.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(users.error)}
        </p>
      ) : null}

      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left">
            <tr>
              <th className="px-3 py-2 font-medium">{t("users.columns.user")}</th>
              <th className="py-2 pr-3 font-medium">{t("users.columns.plan")}</th>
              <th className="py-2 pr-3 font-medium">{t("users.columns.role")}</th>
              <th className="py-2 pr-3 font-medium">{t("users.columns.routesUsed")}</th>
              <th className="py-2 pr-3 font-medium">{t("users.columns.created")}</th>
              <th className="py-2 pr-3 font-medium">{t("users.columns.banned")}</th>
              <th className="py-2 font-medium">{t("users.columns.actions")}</th>
            </tr>
          </thead>
          <tbody className="[&_td:first-child]:px-3">
            {users.isPending ? (
              <tr>
                <td colSpan={7} className="py-4 text-muted-foreground">
                  {t("users.loading")}
                </td>
              </tr>
            ) : users.data && users.data.users.length === 0 ? (
              <tr>
                <td colSpan={7} className="py-4 text-muted-foreground">
                  {t("users.empty")}
                </td>
              </tr>
            ) : (
              users.data?.users.map((u) => (
                <UserRow key={u.id} user={u} canChangeRoles={canChangeRoles} canDelete={viewer !== undefined && accountDeletionRefusal(viewer, u) === null} onResult={setResult} />
              ))
            )}
          </tbody>
        </table>
      </div>

      <nav aria-label={t("users.pages")} className="flex items-center justify-between gap-4 text-sm">
        <span>{users.data ? t("users.summary", { count: users.data.total, total: format.number(users.data.total), page: format.number(page), pages: format.number(pages) }) : ""}</span>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t("users.previous")}
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t("users.next")}
          </Button>
        </div>
      </nav>
    </section>
  );
}
