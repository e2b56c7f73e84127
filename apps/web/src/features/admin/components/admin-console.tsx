import { useState } from "react";
import { accountDeletionRefusal, adminPageSizes, type AdminUserSort } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { useAdminUsers } from "@/features/admin/api/get-admin-users";
import { UserRow } from "@/features/admin/components/user-row";

const sortNames: Record<AdminUserSort, string> = { created: "Newest first", email: "E-mail", routesUsed: "Routes used" };

type AdminConsoleProps = {
  canChangeRoles: boolean;
  /** The signed-in administrator: which accounts they may delete (never their own; an admin only plain users'). */
  viewer: { id: string; role: string } | undefined;
};

/** The admin console's users table: search, sort, paginate 25/50/100, and per-user actions. */
export function AdminConsole({ canChangeRoles, viewer }: AdminConsoleProps) {
  const [q, setQ] = useState("");
  const [sort, setSort] = useState<AdminUserSort>("created");
  const [pageSize, setPageSize] = useState<(typeof adminPageSizes)[number]>(25);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState("");
  const users = useAdminUsers({ q: q.trim() || undefined, sort, pageSize, page });
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / pageSize)) : 1;

  return (
    <section aria-label="Users" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex min-w-64 flex-1 flex-col gap-1">
          <Label htmlFor="admin-search">Search by e-mail or name</Label>
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
          <Label htmlFor="admin-sort">Sort by</Label>
          <NativeSelect id="admin-sort" value={sort} onChange={(e) => setSort(e.target.value as AdminUserSort)}>
            {(Object.keys(sortNames) as AdminUserSort[]).map((s) => (
              <option key={s} value={s}>
                {sortNames[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="admin-page-size">Per page</Label>
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
                {n}
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
              <th className="px-3 py-2 font-medium">User</th>
              <th className="py-2 pr-3 font-medium">Plan</th>
              <th className="py-2 pr-3 font-medium">Role</th>
              <th className="py-2 pr-3 font-medium">Routes used</th>
              <th className="py-2 pr-3 font-medium">Created</th>
              <th className="py-2 pr-3 font-medium">Banned</th>
              <th className="py-2 font-medium">Actions</th>
            </tr>
          </thead>
          <tbody className="[&_td:first-child]:px-3">
            {users.isPending ? (
              <tr>
                <td colSpan={7} className="py-4 text-muted-foreground">
                  Loading users…
                </td>
              </tr>
            ) : users.data && users.data.users.length === 0 ? (
              <tr>
                <td colSpan={7} className="py-4 text-muted-foreground">
                  No users match.
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

      <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
        <span>{users.data ? `${users.data.total} users · page ${page} of ${pages}` : ""}</span>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      </nav>
    </section>
  );
}
