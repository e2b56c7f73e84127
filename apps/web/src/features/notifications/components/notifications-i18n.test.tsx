import { afterEach, describe, expect, it } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { i18n } from "@/lib/i18n";
import { createTestQueryClient, renderWithQuery } from "@/test/utils";
import { NotificationsMenu } from "@/features/notifications/components/notifications-menu";
import { notificationsQueryKey } from "@/features/notifications/api/get-notifications";
import { invitationsQueryKey } from "@/features/notifications/api/get-invitations";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("the bell in the active language (decision 028)", () => {
  it("renders the menu, plural counts and an invitation in German", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(notificationsQueryKey, { notifications: [], unreadCount: 0, pendingInvitations: 2 });
    queryClient.setQueryData(invitationsQueryKey, {
      invitations: [{ id: "i1", token: "tok123", teamId: "t1", teamName: "Acme", role: "driver", invitedBy: "Ana Silva", invitedByImage: null, expiresAt: "2026-01-12T10:00:00.000Z" }],
    });
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter>
        <NotificationsMenu />
      </MemoryRouter>,
      queryClient,
    );
    await userEvent.click(screen.getByRole("button", { name: "Benachrichtigungen, 2 ungelesen" }));
    expect(await screen.findByText("2 offene Einladungen")).toBeInTheDocument();
    expect(screen.getByText("Acme beitreten")).toBeInTheDocument();
    expect(screen.getByText("Ana Silva hat Sie als Fahrer eingeladen. Öffnen, um anzunehmen oder abzulehnen.")).toBeInTheDocument();
  });
});
