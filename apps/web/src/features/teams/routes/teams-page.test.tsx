import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { teamMessages } from "@routepilot/contracts";
import { createTestQueryClient, jsonResponse, makeMe, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { meQueryKey } from "@/lib/auth";
import { TeamsPage } from "@/features/teams/routes/teams-page";
import { fakeTeamsApi, teamDetail } from "@/features/teams/testing/fake-teams-api";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderTeams(teams: boolean) {
  mockAuth.signIn();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ tier: teams ? "enterprise" : "free", access: { ...makeMe().access, teams, teamManagement: teams } }));
  return renderWithQuery(
    <MemoryRouter initialEntries={["/teams"]}>
      <Routes>
        <Route path="/teams" element={<TeamsPage />} />
        <Route path="/team-dashboard" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
}

beforeEach(() => mockAuth.signOut());
afterEach(() => vi.unstubAllGlobals());

describe("TeamsPage", () => {
  it("lists the caller's teams with their role, each linking to its dashboard", async () => {
    fakeTeamsApi(teamDetail("member"));
    renderTeams(true);
    const list = await screen.findByRole("list", { name: "Your teams" });
    expect(within(list).getByRole("link", { name: "Acme Deliveries" })).toHaveAttribute("href", "/team-dashboard?team=t1");
    expect(within(list).getByText(/Member · 3 members · 3 of 500 team routes used · your allocation 1 of 5 used/)).toBeInTheDocument();
  });

  it("creates a team and opens its dashboard", async () => {
    const calls = fakeTeamsApi(null, (c) => (c.method === "POST" ? jsonResponse({ id: "t9", name: "Night Shift", ownerId: "u1", totalQuota: 500, usedQuota: 0 }, 201) : undefined));
    renderTeams(true);
    expect(await screen.findByText("You are not in a team yet.")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Team name"), "  Night Shift ");
    await userEvent.click(screen.getByRole("button", { name: "Create team" }));
    expect(await screen.findByTestId("where")).toHaveTextContent("/team-dashboard?team=t9");
    expect(calls.find((c) => c.method === "POST")).toEqual({ method: "POST", path: "/api/teams", body: { name: "Night Shift" } });
  });

  it("shows the server's 403 naming the plans, with a link to pricing", async () => {
    fakeTeamsApi(null, (c) => (c.method === "POST" ? jsonResponse({ error: { code: "FORBIDDEN", message: teamMessages.noTeamsAccess } }, 403) : undefined));
    renderTeams(true);
    await userEvent.type(await screen.findByLabelText("Team name"), "Acme");
    await userEvent.click(screen.getByRole("button", { name: "Create team" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(teamMessages.noTeamsAccess);
    expect(within(alert).getByRole("link", { name: "Compare plans" })).toHaveAttribute("href", "/pricing");
  });

  it("shows a field message under the name", async () => {
    fakeTeamsApi(null, (c) => (c.method === "POST" ? jsonResponse({ error: { code: "VALIDATION_ERROR", message: "Invalid", fields: { name: "This field is required" } } }, 400) : undefined));
    renderTeams(true);
    await userEvent.click(await screen.findByRole("button", { name: "Create team" }));
    expect(await screen.findByText("This field is required")).toBeInTheDocument();
  });

  it("without teams access, says what teams offer and links to the plans (no placeholder)", async () => {
    fakeTeamsApi(null);
    renderTeams(false);
    expect(await screen.findByRole("heading", { name: "Teams are part of the Enterprise and Fleet Pro plans" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Compare plans" })).toHaveAttribute("href", "/pricing");
    expect(screen.queryByText("Not available yet")).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Create a team" })).not.toBeInTheDocument();
  });
});
