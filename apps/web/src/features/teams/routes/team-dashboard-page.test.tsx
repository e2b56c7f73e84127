import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { teamMessages, type Me, type TeamRole } from "@routepilot/contracts";
import { createTestQueryClient, jsonResponse, makeMe, renderWithToasts } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { meQueryKey } from "@/lib/auth";
import { TeamDashboardPage } from "@/features/teams/routes/team-dashboard-page";
import { fakeTeamsApi, teamDetail, type Call } from "@/features/teams/testing/fake-teams-api";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const ids: Record<TeamRole, string> = { owner: "u1", member: "u2", admin: "u3", manager: "u4", driver: "u5" };

function renderDashboard(role: TeamRole, me: Partial<Me> = {}) {
  const userId = ids[role];
  mockAuth.signIn({ id: userId });
  // The app's failure handling (decision 018): a failed action the page does not show itself is toasted.
  const queryClient = createTestQueryClient({ errorDefaults: true });
  queryClient.setQueryData([...meQueryKey, userId], makeMe({ user: { ...makeMe().user, id: userId }, access: { ...makeMe().access, teams: true, teamManagement: true }, ...me }));
  return renderWithToasts(
    <MemoryRouter initialEntries={["/team-dashboard"]}>
      <Routes>
        <Route path="/team-dashboard" element={<TeamDashboardPage />} />
        <Route path="/teams" element={<h1>Teams</h1>} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
}

const row = async (email: string) => (await screen.findByRole("cell", { name: email })).closest("tr")!;
const sent = (calls: Call[], method: string) => calls.filter((c) => c.method === method);

beforeEach(() => mockAuth.signOut());
afterEach(() => vi.unstubAllGlobals());

describe("TeamDashboardPage as the owner", () => {
  it("shows the members with role, allocation, used, invited by and joined, and the team's quota", async () => {
    fakeTeamsApi(teamDetail("owner"));
    renderDashboard("owner");
    expect(await screen.findByRole("heading", { level: 2, name: "Acme Deliveries" })).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Team route usage" })).toHaveAttribute("aria-valuetext", "3 of 500 team routes used this month");
    expect(screen.getByText("15 of 500 allocated to members")).toBeInTheDocument();
    const headers = within(screen.getByRole("table", { name: "Members" })).getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Name", "E-mail", "Role", "Allocation", "Used", "Invited by", "Joined", "Actions"]);
    const owner = await row("ana@example.com");
    expect(within(owner).getByText("Owner")).toBeInTheDocument();
    expect(within(owner).getByText("Own plan")).toBeInTheDocument();
    expect(within(owner).queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    const member = await row("bob@example.com");
    expect(within(member).getByRole("combobox", { name: "Role of bob@example.com" })).toHaveValue("member");
    expect(within(member).getByRole("spinbutton", { name: "Allocation of bob@example.com" })).toHaveValue(5);
    expect(within(member).getByText("Ana Silva")).toBeInTheDocument();
    // Avatars (issue 27): Bob's picture, Ana's initials.
    expect(within(member).getByTestId("user-avatar-image")).toHaveAttribute("src", "/api/avatars/u2/bobversion01");
    expect(within(owner).getByTestId("user-avatar-initials")).toHaveTextContent("AS");
    expect(screen.getByRole("form", { name: "Invite a member" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Transfer ownership" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Leave team" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Team analytics" })).toHaveAttribute("href", "/analytics-dashboard?team=t1");
  });

  it("shows the server's 400 inline when allocations would exceed the quota", async () => {
    const message = teamMessages.allocationTooHigh(485, 500);
    const calls = fakeTeamsApi(teamDetail("owner"), (c) =>
      c.method === "PATCH" ? jsonResponse({ error: { code: "VALIDATION_ERROR", message, fields: { quotaAllocation: message } } }, 400) : undefined,
    );
    renderDashboard("owner");
    const member = await row("bob@example.com");
    const input = within(member).getByRole("spinbutton", { name: "Allocation of bob@example.com" });
    await userEvent.clear(input);
    await userEvent.type(input, "600");
    await userEvent.click(within(member).getByRole("button", { name: "Save allocation of bob@example.com" }));
    expect(await within(member).findByRole("alert")).toHaveTextContent(message);
    expect(sent(calls, "PATCH")).toEqual([{ method: "PATCH", path: "/api/teams/t1/members/u2", body: { quotaAllocation: 600 } }]);
  });

  it("changes a member's role", async () => {
    const calls = fakeTeamsApi(teamDetail("owner"), (c) => (c.method === "PATCH" ? jsonResponse({ ...teamDetail("owner").members[1], role: "admin" }) : undefined));
    renderDashboard("owner");
    const member = await row("bob@example.com");
    await userEvent.selectOptions(within(member).getByRole("combobox", { name: "Role of bob@example.com" }), "admin");
    await waitFor(() => expect(sent(calls, "PATCH")[0]?.body).toEqual({ role: "admin" }));
    expect(await screen.findByText("Bob Stone is now Admin.")).toBeInTheDocument();
  });

  it("removes a member only after confirming", async () => {
    const calls = fakeTeamsApi(teamDetail("owner"), (c) => (c.method === "DELETE" ? jsonResponse(null, 204) : undefined));
    renderDashboard("owner");
    const member = await row("bob@example.com");
    await userEvent.click(within(member).getByRole("button", { name: "Remove bob@example.com" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Bob Stone from Acme Deliveries?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(sent(calls, "DELETE")).toHaveLength(0);
    await userEvent.click(within(member).getByRole("button", { name: "Remove bob@example.com" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Remove member" }));
    await waitFor(() => expect(sent(calls, "DELETE")).toEqual([{ method: "DELETE", path: "/api/teams/t1/members/u2", body: undefined }]));
    expect(await screen.findByText("Bob Stone was removed from Acme Deliveries.")).toBeInTheDocument();
  });

  it("invites by e-mail with a role, and shows the server's field message", async () => {
    const calls = fakeTeamsApi(teamDetail("owner"), (c) =>
      c.method === "POST" && c.path === "/api/teams/t1/invitations"
        ? (c.body as { email: string }).email === "bob@example.com"
          ? jsonResponse({ error: { code: "CONFLICT", message: teamMessages.alreadyMember } }, 409)
          : jsonResponse({ id: "i2", email: "eve@example.com", role: "admin", invitedBy: "Ana Silva", expiresAt: "2026-01-12T10:00:00.000Z", createdAt: "2026-01-05T10:00:00.000Z" }, 201)
        : undefined,
    );
    renderDashboard("owner");
    const form = await screen.findByRole("form", { name: "Invite a member" });
    await userEvent.type(within(form).getByLabelText("E-mail"), "bob@example.com");
    await userEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(teamMessages.alreadyMember);
    await userEvent.clear(within(form).getByLabelText("E-mail"));
    await userEvent.type(within(form).getByLabelText("E-mail"), "eve@example.com");
    await userEvent.selectOptions(within(form).getByLabelText("Role"), "admin");
    await userEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to eve@example.com.")).toBeInTheDocument();
    expect(sent(calls, "POST").at(-1)?.body).toEqual({ email: "eve@example.com", role: "admin" });
  });

  it("highlights and focuses the field the server names, shown once at the field", async () => {
    fakeTeamsApi(teamDetail("owner"), (c) =>
      c.method === "POST" && c.path === "/api/teams/t1/invitations" ? jsonResponse({ error: { code: "VALIDATION_ERROR", message: "Enter a valid e-mail address", fields: { email: "Enter a valid e-mail address" } } }, 400) : undefined,
    );
    renderDashboard("owner");
    const form = await screen.findByRole("form", { name: "Invite a member" });
    const email = within(form).getByLabelText("E-mail");
    await userEvent.type(email, "bob@");
    await userEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(await within(form).findByText("Enter a valid e-mail address")).toBeInTheDocument();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Enter a valid e-mail address");
    expect(email).toHaveFocus();
    expect(within(form).getByLabelText("Role")).not.toHaveAttribute("aria-invalid");
    // Shown at the field only: no toast, no second alert.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
  });

  it("shows a failed removal in the confirmation dialog, which stays open, not in a toast", async () => {
    fakeTeamsApi(teamDetail("owner"), (c) => (c.method === "DELETE" ? jsonResponse({ error: { code: "FORBIDDEN", message: "Only the owner and admins can remove members." } }, 403) : undefined));
    renderDashboard("owner");
    const member = await row("bob@example.com");
    await userEvent.click(within(member).getByRole("button", { name: "Remove bob@example.com" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove member" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only the owner and admins can remove members.");
    expect(screen.getByRole("alertdialog")).toBe(dialog);
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
  });

  it("lists pending invitations with resend and revoke", async () => {
    const calls = fakeTeamsApi(teamDetail("owner"), (c) => (c.method === "POST" || c.method === "DELETE" ? jsonResponse(null, 204) : undefined));
    renderDashboard("owner");
    const pending = await screen.findByRole("list", { name: "Pending invitations" });
    expect(within(pending).getByText("dan@example.com")).toBeInTheDocument();
    expect(within(pending).getByText(/Driver · invited by Ana Silva/)).toBeInTheDocument();
    await userEvent.click(within(pending).getByRole("button", { name: "Revoke the invitation to dan@example.com" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke invitation" }));
    await waitFor(() => expect(sent(calls, "DELETE")[0]?.path).toBe("/api/teams/t1/invitations/i1"));
  });

  it("transfers ownership to the chosen member after confirming", async () => {
    const calls = fakeTeamsApi(teamDetail("owner"), (c) => (c.method === "POST" && c.path.endsWith("/transfer") ? jsonResponse(teamDetail("admin")) : undefined));
    renderDashboard("owner");
    await userEvent.selectOptions(await screen.findByLabelText("New owner"), "u3");
    await userEvent.click(screen.getByRole("button", { name: "Transfer ownership" }));
    await userEvent.click(within(await screen.findByRole("alertdialog", { name: "Make Cat Lee the owner of Acme Deliveries?" })).getByRole("button", { name: "Transfer ownership" }));
    await waitFor(() => expect(sent(calls, "POST")[0]).toEqual({ method: "POST", path: "/api/teams/t1/transfer", body: { userId: "u3" } }));
  });
});

describe("TeamDashboardPage as an admin", () => {
  it("manages members but cannot transfer ownership, and may leave", async () => {
    fakeTeamsApi(teamDetail("admin"));
    renderDashboard("admin");
    const member = await row("bob@example.com");
    expect(within(member).getByRole("spinbutton", { name: "Allocation of bob@example.com" })).toBeInTheDocument();
    expect(within(await row("cat@example.com")).queryByRole("button", { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Invite a member" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Transfer ownership" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Leave team" })).toBeInTheDocument();
  });
});

describe("TeamDashboardPage as a member", () => {
  it("sees the team read-only: no role or allocation controls, no invite, no remove, no resend", async () => {
    fakeTeamsApi(teamDetail("member"));
    renderDashboard("member");
    const member = await row("bob@example.com");
    expect(within(member).getByText("(you)")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Team analytics" })).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    expect(screen.queryByRole("spinbutton")).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Invite a member" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Remove|Resend|Revoke|Transfer/ })).not.toBeInTheDocument();
    expect(screen.getByText(/The owner and admins manage members, roles and allocations/)).toBeInTheDocument();
  });

  it("leaves the team after confirming and lands on /teams", async () => {
    const calls = fakeTeamsApi(teamDetail("member"), (c) => (c.method === "DELETE" ? jsonResponse(null, 204) : undefined));
    renderDashboard("member");
    await userEvent.click(await screen.findByRole("button", { name: "Leave team" }));
    await userEvent.click(within(await screen.findByRole("alertdialog", { name: "Leave Acme Deliveries?" })).getByRole("button", { name: "Leave team" }));
    expect(await screen.findByRole("heading", { name: "Teams" })).toBeInTheDocument();
    expect(sent(calls, "DELETE")[0]?.path).toBe("/api/teams/t1/members/u2");
  });
});

describe("TeamDashboardPage without a team", () => {
  it("offers to create one to a user with teams access", async () => {
    fakeTeamsApi(null);
    renderDashboard("owner");
    expect(await screen.findByRole("link", { name: "Create a team" })).toHaveAttribute("href", "/teams");
  });

  it("shows what teams offer and the plans to a user without access", async () => {
    fakeTeamsApi(null);
    renderDashboard("owner", { access: makeMe().access });
    expect(await screen.findByRole("heading", { name: "Teams are part of the Enterprise and Fleet Pro plans" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Compare plans" })).toHaveAttribute("href", "/pricing");
  });

  it("shows the server's message for a team the caller is not in", async () => {
    fakeTeamsApi(teamDetail("owner"), (c) => (c.path === "/api/teams/t1" ? jsonResponse({ error: { code: "NOT_FOUND", message: teamMessages.teamNotFound } }, 404) : undefined));
    renderDashboard("owner");
    expect(await screen.findByText(teamMessages.teamNotFound)).toBeInTheDocument();
  });
});
