import { Suspense, type ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from "react-router";
import type { FleetRole } from "@routepilot/contracts";
import { createTestQueryClient, makeMe } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { meQueryKey } from "@/lib/auth";
import { decideFleetAccess, FLEET_ROLE_NOTICE_PATH, hasAccountRole, RoleGuard } from "@/app/guards/role-guard";
import { RequireAuth } from "@/app/guards/require-auth";
import { routes } from "@/app/router";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, fleetRoles: FleetRole[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ fleetRoles }));
  const router = createMemoryRouter(
    [
      {
        element: <RequireAuth />,
        children: [
          { path: "/driver", element: <RoleGuard role="driver"><h1>Driver App</h1></RoleGuard> },
          { path: "/fleet", element: <RoleGuard role="manager"><h1>Fleet Dashboard</h1></RoleGuard> },
          { path: "/fleet/vehicles", element: <RoleGuard role="manager"><h1>Fleet Dashboard</h1></RoleGuard> },
          { path: "/dashboard", element: <h1>Dashboard</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

describe("decideFleetAccess", () => {
  it("lets the right role in", () => {
    expect(decideFleetAccess("driver", ["driver"])).toEqual({ allowed: true });
    expect(decideFleetAccess("manager", ["manager", "driver"])).toEqual({ allowed: true });
  });

  it("sends a driver from /fleet to /driver and a manager from /driver to /fleet", () => {
    expect(decideFleetAccess("manager", ["driver"])).toEqual({ allowed: false, redirectTo: "/driver" });
    expect(decideFleetAccess("driver", ["manager"])).toEqual({ allowed: false, redirectTo: "/fleet" });
  });

  it("sends a user with neither role to /dashboard with a notice (never to the other guarded page)", () => {
    expect(decideFleetAccess("driver", [])).toEqual({ allowed: false, redirectTo: FLEET_ROLE_NOTICE_PATH });
    expect(decideFleetAccess("manager", [])).toEqual({ allowed: false, redirectTo: FLEET_ROLE_NOTICE_PATH });
    expect(FLEET_ROLE_NOTICE_PATH).toBe("/dashboard?notice=fleet-roles");
  });
});

describe("RoleGuard in the router", () => {
  beforeEach(() => mockAuth.signIn());

  it("a driver opening /fleet ends on /driver", async () => {
    const { router } = renderAt("/fleet", ["driver"]);
    expect(await screen.findByRole("heading", { name: "Driver App" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/driver");
  });

  it("a manager opening /driver ends on /fleet", async () => {
    const { router } = renderAt("/driver", ["manager"]);
    expect(await screen.findByRole("heading", { name: "Fleet Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/fleet");
  });

  it("a manager may open /fleet/vehicles", async () => {
    renderAt("/fleet/vehicles", ["manager"]);
    expect(await screen.findByRole("heading", { name: "Fleet Dashboard" })).toBeInTheDocument();
  });

  it.each(["/driver", "/fleet"])("a user with neither role opening %s lands on /dashboard after one redirect", async (path) => {
    const { router } = renderAt(path, []);
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/dashboard?notice=fleet-roles");
  });
});

describe("RequireAuth", () => {
  function renderProtected(path: string) {
    const router = createMemoryRouter(
      [
        { element: <RequireAuth />, children: [{ path: "/settings", element: <h1>Settings</h1> }] },
        { path: "/auth", element: <AuthProbe /> },
      ],
      { initialEntries: [path] },
    );
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  }

  function AuthProbe() {
    const location = useLocation();
    const message = (location.state as { message?: string } | null)?.message;
    return (
      <>
        <Where />
        <p data-testid="message">{message ?? "none"}</p>
      </>
    );
  }

  it("sends a signed-out visitor to /auth, remembering where they were going", async () => {
    mockAuth.signOut();
    renderProtected("/settings?tab=1");
    expect(await screen.findByTestId("where")).toHaveTextContent("/auth?redirect=%2Fsettings%3Ftab%3D1");
    expect(screen.getByTestId("message")).toHaveTextContent("none");
  });

  it("says the session expired when it lapses on a protected page", async () => {
    mockAuth.signIn();
    renderProtected("/settings");
    expect(await screen.findByRole("heading", { name: "Settings" })).toBeInTheDocument();
    act(() => mockAuth.signOut());
    expect(await screen.findByTestId("message")).toHaveTextContent("Your session has expired. Please sign in again.");
  });
});

type AccountRole = "user" | "admin" | "super_admin";

/** The /api/me record the server sends for an account role (its `access` flags decide). */
function meWithAccountRole(role: AccountRole) {
  return makeMe({
    user: { ...makeMe().user, role },
    access: { ...makeMe().access, admin: role !== "user", superAdmin: role === "super_admin" },
  });
}

/** The element the real route table (router.tsx) renders for `path`. */
function elementOf(path: string, list: RouteObject[] = routes): ReactNode {
  for (const route of list) {
    if (route.path === path) return route.element;
    const nested = route.children ? elementOf(path, route.children) : undefined;
    if (nested) return nested;
  }
  return undefined;
}

function renderGuardedRoute(path: string, role: AccountRole | null) {
  const queryClient = createTestQueryClient();
  if (role) queryClient.setQueryData([...meQueryKey, "u1"], meWithAccountRole(role));
  const element = elementOf(path);
  expect(element, `${path} is in the route table`).toBeDefined();
  const router = createMemoryRouter(
    [
      { element: <RequireAuth />, children: [{ path, element: <Suspense fallback={<p>Loading</p>}>{element}</Suspense> }] },
      { path: "/auth", element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function expectErrorCard() {
  expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
  expect(screen.getByText("An unexpected error occurred. Please try again.")).toBeInTheDocument();
  for (const name of ["Try Again", "Reload Page", "Return Home"]) expect(screen.getByRole("button", { name })).toBeInTheDocument();
  expect(screen.queryByText("Not available yet")).not.toBeInTheDocument();
}

describe("hasAccountRole", () => {
  it("admin pages admit admin and super_admin; super admin pages only super_admin", () => {
    expect(hasAccountRole("admin", meWithAccountRole("user").access)).toBe(false);
    expect(hasAccountRole("admin", meWithAccountRole("admin").access)).toBe(true);
    expect(hasAccountRole("admin", meWithAccountRole("super_admin").access)).toBe(true);
    expect(hasAccountRole("super_admin", meWithAccountRole("user").access)).toBe(false);
    expect(hasAccountRole("super_admin", meWithAccountRole("admin").access)).toBe(false);
    expect(hasAccountRole("super_admin", meWithAccountRole("super_admin").access)).toBe(true);
  });
});

describe("account-role guards in the route table", () => {
  const guarded: { path: string; title: string; allowed: AccountRole[] }[] = [
    { path: "/admin", title: "Admin Dashboard", allowed: ["admin", "super_admin"] },
    { path: "/admin-panel", title: "Admin Dashboard", allowed: ["admin", "super_admin"] },
    { path: "/security-dashboard", title: "Security Dashboard", allowed: ["admin", "super_admin"] },
    { path: "/super-admin", title: "Super Admin Dashboard", allowed: ["super_admin"] },
    { path: "/super-admin-dashboard", title: "Super Admin Dashboard", allowed: ["super_admin"] },
  ];
  const cases = guarded.flatMap(({ path, title, allowed }) =>
    (["user", "admin", "super_admin"] as const).map((role) => ({ path, title, role, allowed: allowed.includes(role) })),
  );

  beforeEach(() => mockAuth.signIn());

  it.each(cases)("$path as $role: allowed $allowed", async ({ path, title, role, allowed }) => {
    renderGuardedRoute(path, role);
    if (allowed) {
      expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument();
      expect(screen.queryByRole("heading", { name: "Something went wrong" })).not.toBeInTheDocument();
    } else {
      await expectErrorCard();
      expect(screen.queryByRole("heading", { name: title })).not.toBeInTheDocument();
    }
  });

  it.each(guarded.map((g) => g.path))("a signed-out visitor opening %s goes to sign in", async (path) => {
    mockAuth.signOut();
    renderGuardedRoute(path, null);
    expect(await screen.findByTestId("where")).toHaveTextContent(`/auth?redirect=${encodeURIComponent(path)}`);
  });
});
