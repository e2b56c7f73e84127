import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminUsersPageSchema, type AdminUsersPage, type AdminUsersQuery } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** GET /api/admin/users: one page of users with plan and usage, and the total. */
export function getAdminUsers(query: AdminUsersQuery, signal?: AbortSignal): Promise<AdminUsersPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize), sort: query.sort });
  if (query.q) params.set("q", query.q);
  return apiRequest(`/api/admin/users?${params.toString()}`, { schema: adminUsersPageSchema, signal });
}

export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({ queryKey: adminKeys.users(query), queryFn: ({ signal }) => getAdminUsers(query, signal), placeholderData: keepPreviousData, staleTime: 0 });
}
