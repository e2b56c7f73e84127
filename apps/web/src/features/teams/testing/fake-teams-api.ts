import { vi } from "vitest";
import type { TeamDetail, TeamList, TeamMember, TeamRole } from "@routepilot/contracts";
import { jsonResponse } from "@/test/utils";

export const ana: TeamMember = { userId: "u1", email: "ana@example.com", name: "Ana Silva", image: null, role: "owner", quotaAllocation: 0, usedQuota: 2, invitedBy: null, invitedByName: null, joinedAt: "2026-01-02T10:00:00.000Z" };
export const bob: TeamMember = { userId: "u2", email: "bob@example.com", name: "Bob Stone", image: "/api/avatars/u2/bobversion01", role: "member", quotaAllocation: 5, usedQuota: 1, invitedBy: "u1", invitedByName: "Ana Silva", joinedAt: "2026-01-03T10:00:00.000Z" };
export const cat: TeamMember = { userId: "u3", email: "cat@example.com", name: "Cat Lee", image: null, role: "admin", quotaAllocation: 10, usedQuota: 0, invitedBy: "u1", invitedByName: "Ana Silva", joinedAt: "2026-01-04T10:00:00.000Z" };

/** Acme as the caller with `role` sees it. */
export function teamDetail(role: TeamRole, overrides: Partial<TeamDetail> = {}): TeamDetail {
  return {
    id: "t1",
    name: "Acme Deliveries",
    ownerId: "u1",
    totalQuota: 500,
    usedQuota: 3,
    role,
    allocatedQuota: 15,
    members: [ana, bob, cat],
    pendingInvitations: [{ id: "i1", email: "dan@example.com", role: "driver", invitedBy: "Ana Silva", expiresAt: "2026-01-12T10:00:00.000Z", createdAt: "2026-01-05T10:00:00.000Z" }],
    ...overrides,
  };
}

export function teamList(role: TeamRole): TeamList {
  return { teams: [{ id: "t1", name: "Acme Deliveries", ownerId: "u1", totalQuota: 500, usedQuota: 3, role, memberCount: 3, quotaAllocation: role === "owner" ? 0 : 5, memberUsedQuota: 1 }] };
}

export type Call = { method: string; path: string; body: unknown };
type Handler = (call: Call) => Response | undefined;

/** Stubs fetch: `handler` answers first; GET /api/teams and GET /api/teams/t1 fall back to `team`. */
export function fakeTeamsApi(team: TeamDetail | null, handler: Handler = () => undefined) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const call: Call = { method: init?.method ?? "GET", path: new URL(url, "http://localhost").pathname, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
    calls.push(call);
    const answer = handler(call);
    if (answer) return answer;
    if (call.method === "GET" && call.path === "/api/teams") return jsonResponse(team ? teamList(team.role) : { teams: [] });
    if (call.method === "GET" && team && call.path === `/api/teams/${team.id}`) return jsonResponse(team);
    if (call.method === "GET" && call.path === "/api/notifications") return jsonResponse({ notifications: [], unreadCount: 0, pendingInvitations: 0 });
    return jsonResponse({ error: { code: "NOT_FOUND", message: "Team not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}
