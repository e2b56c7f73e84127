import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { DashboardPage } from "@/features/dashboard/routes/dashboard-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));
vi.mock("@/features/dashboard/components/plan-usage-card", () => ({ PlanUsageCard: () => <section aria-label="Plan usage" /> }));

describe("DashboardPage", () => {
  it("leads from the first screen after sign-up to the planner in one click", async () => {
    mockAuth.signIn();
    renderWithQuery(
      <MemoryRouter initialEntries={["/dashboard"]}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/" element={<h1>Planner</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole("link", { name: "Plan a route" });
    expect(link).toHaveAttribute("href", "/");
    await userEvent.click(link);
    expect(await screen.findByRole("heading", { name: "Planner" })).toBeInTheDocument();
  });
});
