import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import type { TeamRole } from "@routepilot/contracts";
import { createTestQueryClient, jsonResponse, makeMe, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { meQueryKey } from "@/lib/auth";
import { HistoryRoute } from "@/app/routes/history-route";
import { fakeTeamsApi, teamDetail } from "@/features/teams/testing/fake-teams-api";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

function renderHistory(role: TeamRole | null) {
  mockAuth.signIn();
  const calls = fakeTeamsApi(role ? teamDetail(role) : null, (c) => (c.path === "/api/routes" ? jsonResponse({ routes: [], total: 0 }) : undefined));
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ access: { ...makeMe().access, teams: role !== null } }));
  renderWithQuery(
    <MemoryRouter initialEntries={["/route-history"]}>
      <Routes>
        <Route path="/route-history" element={<HistoryRoute />} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
  return calls;
}

/** The URLs of GET /api/routes calls, with their query strings. */
const routeQueries = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith("/api/routes"));

beforeEach(() => mockAuth.signOut());
afterEach(() => vi.unstubAllGlobals());

describe("/route-history with teams", () => {
  it("lets a team owner list one member's routes (GET /api/routes?teamId=&memberId=)", async () => {
    renderHistory("owner");
    const select = await screen.findByRole("combobox", { name: "Routes of" });
    await screen.findByRole("option", { name: "Bob Stone (bob@example.com)" });
    await userEvent.selectOptions(select, "Bob Stone (bob@example.com)");
    await waitFor(() => expect(routeQueries()).toContain("/api/routes?limit=100&teamId=t1&memberId=u2"));
    expect(await screen.findByText("No routes by the chosen team members yet.")).toBeInTheDocument();
    await userEvent.selectOptions(select, "Everyone in Acme Deliveries");
    await waitFor(() => expect(routeQueries()).toContain("/api/routes?limit=100&teamId=t1"));
    await userEvent.selectOptions(select, "You");
    expect(await screen.findByText("No routes yet. Optimise your first route and it appears here.")).toBeInTheDocument();
  });

  it("shows no filter to a plain member of a team", async () => {
    const calls = renderHistory("member");
    expect(await screen.findByText("No routes yet. Optimise your first route and it appears here.")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === "/api/teams")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("combobox", { name: "Routes of" })).not.toBeInTheDocument();
  });

  it("asks nothing about teams for a user without teams access", async () => {
    const calls = renderHistory(null);
    expect(await screen.findByText("No routes yet. Optimise your first route and it appears here.")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/teams")).toBe(false);
    expect(screen.queryByRole("combobox", { name: "Routes of" })).not.toBeInTheDocument();
  });
});
