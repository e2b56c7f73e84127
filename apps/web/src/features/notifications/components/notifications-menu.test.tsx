import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { MyInvitationList } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery, createTestQueryClient } from "@/test/utils";
import { NotificationsMenu } from "@/features/notifications/components/notifications-menu";
import { notificationsQueryKey, type NotificationList } from "@/features/notifications/api/get-notifications";
import { invitationsQueryKey } from "@/features/notifications/api/get-invitations";
import { formatBadge, notificationBadgeCount } from "@/features/notifications/lib/badge";

function list(overrides: Partial<NotificationList> = {}): NotificationList {
  return {
    notifications: [
      { id: "n1", type: "team_invitation", title: "Join Acme Deliveries", message: "Ana invited you.", createdAt: new Date().toISOString(), readAt: null },
      { id: "n2", type: "alert", title: "80% of routes used", message: "4 of 5.", createdAt: new Date().toISOString(), readAt: new Date().toISOString() },
    ],
    unreadCount: 1,
    pendingInvitations: 0,
    ...overrides,
  };
}

const invitation = { id: "i1", token: "tok123", teamId: "t1", teamName: "Acme Deliveries", role: "driver", invitedBy: "Ana Silva", invitedByImage: "/api/avatars/u9/anaversion001", expiresAt: "2026-01-12T10:00:00.000Z" } as const;

function renderMenu(data: NotificationList, invitations: MyInvitationList = { invitations: [] }) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(notificationsQueryKey, data);
  queryClient.setQueryData(invitationsQueryKey, invitations);
  return renderWithQuery(
    <MemoryRouter>
      <NotificationsMenu />
    </MemoryRouter>,
    queryClient,
  );
}

describe("notification badge rule (SPEC §2, §9)", () => {
  it("adds unread notifications and pending invitations", () => {
    expect(notificationBadgeCount(3, 2)).toBe(5);
  });

  it('shows nothing at 0, the number up to 9 and "9+" above 9', () => {
    expect(formatBadge(0)).toBeNull();
    expect(formatBadge(1)).toBe("1");
    expect(formatBadge(9)).toBe("9");
    expect(formatBadge(10)).toBe("9+");
    expect(formatBadge(250)).toBe("9+");
  });
});

describe("NotificationsMenu", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows "9+" on the bell when unread + invitations exceed 9', () => {
    renderMenu(list({ unreadCount: 8, pendingInvitations: 2 }));
    expect(screen.getByTestId("notification-badge")).toHaveTextContent("9+");
    expect(screen.getByRole("button", { name: "Notifications, 10 unread" })).toBeInTheDocument();
  });

  it("shows the exact count up to 9, and no badge at 0", () => {
    const { unmount } = renderMenu(list({ unreadCount: 7, pendingInvitations: 2 }));
    expect(screen.getByTestId("notification-badge")).toHaveTextContent("9");
    unmount();
    renderMenu(list({ notifications: [], unreadCount: 0, pendingInvitations: 0 }));
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
  });

  it('says "No notifications" when the list is empty', async () => {
    renderMenu(list({ notifications: [], unreadCount: 0, pendingInvitations: 0 }));
    await userEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications")).toBeInTheDocument();
  });

  it("marks an unread notification read when it is clicked", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith("/read") ? jsonResponse(null, 204) : jsonResponse(list({ unreadCount: 0, notifications: list().notifications.map((n) => ({ ...n, readAt: n.readAt ?? "2025-01-01T00:00:00.000Z" })) })),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { queryClient } = renderMenu(list());
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: /Join Acme Deliveries/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/notifications/n1/read", expect.objectContaining({ method: "POST" })));
    const cached = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
    expect(cached?.notifications[0]?.readAt).not.toBeNull();
  });

  it("lists pending invitations, each opening its invitation page to accept or decline", async () => {
    renderMenu(list({ notifications: [], unreadCount: 0, pendingInvitations: 1 }), { invitations: [invitation] });
    expect(screen.getByTestId("notification-badge")).toHaveTextContent("1");
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    const item = await screen.findByRole("menuitem", { name: /Join Acme Deliveries/ });
    expect(item).toHaveAttribute("href", "/team-invitation/tok123");
    expect(item).toHaveTextContent("Ana Silva invited you as Driver.");
    // The inviter's avatar (issue 27).
    expect(within(item).getByTestId("user-avatar-image")).toHaveAttribute("src", "/api/avatars/u9/anaversion001");
    expect(screen.queryByText("No notifications")).not.toBeInTheDocument();
  });

  it("marks all read with one click (POST /api/notifications/read-all), clearing the badge at once", async () => {
    let release: () => void = () => {};
    const fetchMock = vi.fn((url: string) =>
      url.endsWith("/read-all") ? new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(null, 204)))) : Promise.resolve(jsonResponse(list({ unreadCount: 0 }))),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderMenu(list({ unreadCount: 3 }));
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 3 unread" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Mark all as read" }));
    await waitFor(() => expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith("/api/notifications/read-all", expect.objectContaining({ method: "POST" }));
    release();
  });

  it("offers no Mark all as read when nothing is unread", async () => {
    renderMenu(list({ unreadCount: 0, notifications: [] }));
    await userEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications")).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Mark all as read" })).not.toBeInTheDocument();
  });
});
