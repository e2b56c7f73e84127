import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { mockAuth } from "@/test/mock-auth";
import { jsonResponse, makeMe, renderWithQuery } from "@/test/utils";
import { AdminDashboardPage } from "@/features/admin/routes/admin-pages";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  mockAuth.signIn();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = new URL(url, "http://localhost");
      if (u.pathname === "/api/me") return jsonResponse(makeMe({ access: { teams: false, fleet: false, enhancedAnalytics: false, teamManagement: false, admin: true, superAdmin: false } }));
      if (u.pathname === "/api/admin/contact-messages") return jsonResponse({ messages: [], total: 0, unread: 3 });
      if (u.pathname === "/api/admin/users") return jsonResponse({ users: [], total: 0 });
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <AdminDashboardPage />
      <Where />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  mockAuth.signOut();
});

describe("AdminDashboardPage", () => {
  it("opens on the users; the Inbox tab shows the unread count and puts ?tab=inbox in the address", async () => {
    renderAt("/admin");
    expect(screen.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
    const inbox = screen.getByRole("tab", { name: /Inbox/ });
    expect(await screen.findByText("3")).toBeInTheDocument();
    expect(inbox).toHaveTextContent(/^Inbox 3 unread$/);
    await userEvent.click(inbox);
    expect(inbox).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("where")).toHaveTextContent("/admin?tab=inbox");
    expect(await screen.findByText("No messages yet.")).toBeInTheDocument();
  });

  it("/admin?tab=inbox (the link in the SUPPORT_EMAIL copy) opens the inbox", async () => {
    renderAt("/admin?tab=inbox");
    expect(screen.getByRole("tab", { name: /Inbox/ })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("region", { name: "Contact inbox" })).toBeInTheDocument();
  });
});
