import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { teamMessages, type InvitationDetails } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { TeamInvitationPage } from "@/features/teams/routes/team-invitation-page";
import { fakeTeamsApi, type Call } from "@/features/teams/testing/fake-teams-api";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const open: InvitationDetails = { teamName: "Acme Deliveries", invitedBy: "Ana Silva", role: "driver", expiresAt: "2026-01-12T10:00:00.000Z", status: "open", forYou: true };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** Renders the page for token tok123; `details` answers GET /api/invitations/tok123 (a function: each time anew). */
function renderInvitation(details: InvitationDetails | Response | (() => InvitationDetails), handler: (c: Call) => Response | undefined = () => undefined) {
  const answer = () => (details instanceof Response ? details : jsonResponse(typeof details === "function" ? details() : details));
  const calls = fakeTeamsApi(null, (c) => (c.method === "GET" && c.path === "/api/invitations/tok123" ? answer() : handler(c)));
  const { queryClient } = renderWithQuery(
    <MemoryRouter initialEntries={["/team-invitation/tok123"]}>
      <Routes>
        <Route path="/team-invitation/:token" element={<TeamInvitationPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { calls, queryClient };
}

beforeEach(() => mockAuth.signOut());
afterEach(() => vi.unstubAllGlobals());

describe("TeamInvitationPage", () => {
  it("signed out: shows the team and inviter, with sign in and create account coming back here", async () => {
    renderInvitation({ ...open, forYou: null });
    expect(await screen.findByText(/Ana Silva invited you to join/)).toHaveTextContent("Ana Silva invited you to join Acme Deliveries as Driver.");
    expect(screen.getByRole("heading", { level: 1, name: "Team Invitation" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/sign-in?redirect=%2Fteam-invitation%2Ftok123");
    expect(screen.getByRole("link", { name: "Create account" })).toHaveAttribute("href", "/auth/sign-up?redirect=%2Fteam-invitation%2Ftok123");
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
  });

  it("signed in: Accept joins and lands on the team dashboard", async () => {
    mockAuth.signIn();
    const { calls } = renderInvitation(open, (c) => (c.method === "POST" && c.path === "/api/invitations/tok123/accept" ? jsonResponse({ teamId: "t1", teamName: "Acme Deliveries", role: "driver" }) : undefined));
    await userEvent.click(await screen.findByRole("button", { name: "Accept" }));
    expect(await screen.findByTestId("where")).toHaveTextContent("/team-dashboard?team=t1");
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/invitations/tok123/accept")).toBe(true);
  });

  it("still lands on the dashboard when the invitation is refetched as accepted before the answer returns", async () => {
    mockAuth.signIn();
    let accepted = false;
    const { calls, queryClient } = renderInvitation(
      () => ({ ...open, status: accepted ? "accepted" : "open" }),
      (c) => {
        if (c.method !== "POST" || !c.path.endsWith("/accept")) return undefined;
        accepted = true;
        return jsonResponse({ teamId: "t1", teamName: "Acme Deliveries", role: "driver" });
      },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Accept" }));
    // A realtime message refreshes every team query at once.
    await queryClient.invalidateQueries({ queryKey: ["teams"] });
    expect(await screen.findByTestId("where")).toHaveTextContent("/team-dashboard?team=t1");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("signed in: Decline closes it", async () => {
    mockAuth.signIn();
    renderInvitation(open, (c) => (c.method === "POST" && c.path.endsWith("/decline") ? jsonResponse(null, 204) : undefined));
    await userEvent.click(await screen.findByRole("button", { name: "Decline" }));
    expect(await screen.findByRole("status")).toHaveTextContent("You declined the invitation to join Acme Deliveries.");
  });

  it("shows the server's message when accepting fails (another e-mail address)", async () => {
    mockAuth.signIn();
    const message = teamMessages.invitationOtherEmail("dan@example.com");
    renderInvitation({ ...open, forYou: false }, (c) => (c.method === "POST" ? jsonResponse({ error: { code: "FORBIDDEN", message } }, 409) : undefined));
    expect(await screen.findByText("This invitation was sent to a different e-mail address from the one you are signed in with.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it.each([
    ["expired", teamMessages.invitationExpired],
    ["accepted", teamMessages.invitationAccepted],
    ["declined", teamMessages.invitationDeclined],
  ] as const)("an %s invitation says so and offers no Accept", async (status, message) => {
    mockAuth.signIn();
    renderInvitation({ ...open, status });
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();
  });

  it("an unknown or revoked token shows the server's message", async () => {
    renderInvitation(jsonResponse({ error: { code: "NOT_FOUND", message: teamMessages.invitationNotFound } }, 404));
    expect(await screen.findByRole("alert")).toHaveTextContent(teamMessages.invitationNotFound);
  });
});
