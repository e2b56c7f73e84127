import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { Me, TeamListItem } from "@routepilot/contracts";
import { createTestQueryClient, jsonResponse, makeMe, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { meQueryKey } from "@/lib/auth";
import { FleetTeamGate } from "@/features/fleet/components/fleet-team-gate";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const team = (id: string, name: string, role: TeamListItem["role"]): TeamListItem => ({ id, name, role, ownerId: "o", totalQuota: 2000, usedQuota: 0, memberCount: 2, quotaAllocation: 0, memberUsedQuota: 0 });

function renderGate(me: Partial<Me>, teams: TeamListItem[]) {
  vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({ teams })));
  mockAuth.signIn();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...meQueryKey, "u1"], makeMe(me));
  return renderWithQuery(
    <MemoryRouter initialEntries={["/fleet"]}>
      <FleetTeamGate>
        {(t, picker) => (
          <div>
            {picker}
            <p>Working on {t.name}</p>
          </div>
        )}
      </FleetTeamGate>
    </MemoryRouter>,
    queryClient,
  );
}

const fleet = { tier: "fleet_pro" as const, access: { ...makeMe().access, teams: true, fleet: true } };

beforeEach(() => mockAuth.signOut());
afterEach(() => vi.unstubAllGlobals());

describe("FleetTeamGate", () => {
  it("offers Fleet Pro to a user without fleet access", () => {
    renderGate({}, []);
    expect(screen.getByText("Fleet planning is part of Fleet Pro")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See Fleet Pro on the pricing page" })).toHaveAttribute("href", "/pricing");
  });

  it("sends a driver to the driver app", async () => {
    renderGate({ ...fleet, fleetRoles: ["driver"] }, [team("t1", "Depot", "driver")]);
    expect(await screen.findByRole("link", { name: "Open the driver app" })).toHaveAttribute("href", "/driver");
  });

  it("asks a Fleet Pro user without a team to create one", async () => {
    renderGate(fleet, []);
    expect(await screen.findByRole("link", { name: "Create a team" })).toHaveAttribute("href", "/teams");
  });

  it("lets a manager of several teams pick one; member-only teams are not offered", async () => {
    const user = userEvent.setup();
    renderGate({ ...fleet, fleetRoles: ["manager"] }, [team("t1", "North", "owner"), team("t2", "South", "manager"), team("t3", "Club", "member")]);
    expect(await screen.findByText("Working on North")).toBeInTheDocument();
    const picker = screen.getByRole("combobox", { name: "Team" });
    expect([...picker.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["North", "South"]);
    await user.selectOptions(picker, "t2");
    expect(screen.getByText("Working on South")).toBeInTheDocument();
  });
});
