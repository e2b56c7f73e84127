import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminUser } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery, renderWithToasts } from "@/test/utils";
import { AdminConsole } from "@/features/admin/components/admin-console";

const ana: AdminUser = { id: "u1", email: "ana@example.com", name: "Ana", role: "user", tier: "free", routesUsed: 3, monthlyLimit: 5, banned: false, createdAt: "2026-01-02T00:00:00.000Z", signInMethods: ["credential", "google"] };
const bob: AdminUser = { id: "u2", email: "bob@example.com", name: "Bob", role: "admin", tier: "premium", routesUsed: 0, monthlyLimit: 100, banned: true, createdAt: "2026-01-01T00:00:00.000Z", signInMethods: ["acme-sso"] };
const cleo: AdminUser = { id: "u3", email: "cleo@example.com", name: "Cleo", role: "super_admin", tier: "free", routesUsed: 0, monthlyLimit: 5, banned: false, createdAt: "2025-12-01T00:00:00.000Z", signInMethods: ["credential"] };
/** The viewer: an admin (u9, not in the list) or the super_admin Cleo. */
const anAdmin = { id: "u9", role: "admin" };
const plan = { planName: "Premium", monthlyLimit: 100, hasActiveSubscription: true, routesUsed: 3, subscriptionTier: "premium", hasPaymentMethod: false };

/** A fake API: records calls, answers the users list from `users` (which actions mutate). */
function fakeApi(users: AdminUser[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ method, url, body });
    const u = new URL(url, "http://localhost");
    if (u.pathname === "/api/admin/users") {
      const q = u.searchParams.get("q")?.toLowerCase();
      const list = users.filter((x) => !q || x.email.includes(q) || x.name.toLowerCase().includes(q));
      return jsonResponse({ users: list, total: list.length });
    }
    if (u.pathname.endsWith("/plan")) {
      users[0] = { ...users[0]!, tier: "premium", monthlyLimit: 100 };
      return jsonResponse(plan);
    }
    if (u.pathname.endsWith("/reset-usage")) return jsonResponse({ ...plan, routesUsed: 0 });
    if (u.pathname.endsWith("/overage-charges")) {
      return jsonResponse({ charges: [{ id: "c1", billingPeriodStart: "2026-01-01T00:00:00.000Z", billingPeriodEnd: "2026-02-01T00:00:00.000Z", overageRoutes: 1, amountCharged: 100, paymentStatus: "pending", createdAt: "2026-01-20T00:00:00.000Z" }] });
    }
    if (method === "DELETE") {
      const id = u.pathname.split("/").pop();
      if (id === "u2") return jsonResponse({ error: { code: "CONFLICT", message: "bob@example.com owns the team Bob's Vans: its ownership must pass to another member" } }, 409);
      const at = users.findIndex((x) => x.id === id);
      if (at >= 0) users.splice(at, 1);
      return new Response(null, { status: 204 });
    }
    if (u.pathname.endsWith("/role")) return jsonResponse({ error: { code: "VALIDATION_ERROR", message: "You are the last super administrator" } }, 400);
    return jsonResponse({ id: "u1", role: "user", banned: true });
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("AdminConsole", () => {
  it("lists users with plan, role, usage, created and banned", async () => {
    fakeApi([ana, bob]);
    renderWithQuery(<AdminConsole canChangeRoles={false} viewer={anAdmin} />);
    const row = (await screen.findByText("ana@example.com")).closest("tr")!;
    expect(within(row).getByRole("combobox", { name: "Plan of ana@example.com" })).toHaveValue("free");
    expect(within(row).getByText("3 / 5")).toBeInTheDocument();
    expect(within(row).getByText("user")).toBeInTheDocument();
    const bobRow = screen.getByText("bob@example.com").closest("tr")!;
    expect(within(bobRow).getByText("Banned")).toBeInTheDocument();
    expect(within(bobRow).getByRole("button", { name: "Unban" })).toBeInTheDocument();
    // An admin (not super_admin) sees roles but cannot change them.
    expect(screen.queryByRole("combobox", { name: /Role of/ })).toBeNull();
    expect(screen.getByText("2 users · page 1 of 1")).toBeInTheDocument();
  });

  it("searches, sorts and changes the page size through the query string", async () => {
    const calls = fakeApi([ana, bob]);
    renderWithQuery(<AdminConsole canChangeRoles={false} viewer={anAdmin} />);
    await screen.findByText("ana@example.com");
    await userEvent.type(screen.getByLabelText("Search by e-mail or name"), "bob");
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "routesUsed");
    await userEvent.selectOptions(screen.getByLabelText("Per page"), "50");
    expect(await screen.findByText("1 users · page 1 of 1")).toBeInTheDocument();
    expect(screen.queryByText("ana@example.com")).toBeNull();
    expect(calls.at(-1)!.url).toBe("/api/admin/users?page=1&pageSize=50&sort=routesUsed&q=bob");
  });

  it("changes a user's plan after a confirmation naming the user and both plans, and shows the new limit", async () => {
    const calls = fakeApi([ana, bob]);
    renderWithQuery(<AdminConsole canChangeRoles={false} viewer={anAdmin} />);
    const select = await screen.findByRole("combobox", { name: "Plan of ana@example.com" });
    await userEvent.selectOptions(select, "premium");
    // Picking a value applies nothing yet: the select stays on the current plan until confirmed.
    const dialog = await screen.findByRole("alertdialog", { name: "Change the plan of ana@example.com?" });
    expect(dialog).toHaveTextContent("From Free to Premium: their monthly route limit becomes 100 (was 5).");
    expect(select).toHaveValue("free");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Change to Premium" }));
    expect(await screen.findByText("ana@example.com is now on Premium.")).toBeInTheDocument();
    expect(await screen.findByText("3 / 100")).toBeInTheDocument();
    expect(calls).toContainEqual({ method: "PATCH", url: "/api/admin/users/u1/plan", body: { tier: "premium" } });
  });

  it("cancelling the confirmation leaves the plan, the role and the ban unchanged", async () => {
    const calls = fakeApi([ana, bob]);
    renderWithQuery(<AdminConsole canChangeRoles viewer={cleo} />);
    const plan = await screen.findByRole("combobox", { name: "Plan of ana@example.com" });
    await userEvent.selectOptions(plan, "fleet_pro");
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(plan).toHaveValue("free");

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Role of bob@example.com" }), "super_admin");
    const roleDialog = await screen.findByRole("alertdialog", { name: "Change the role of bob@example.com?" });
    expect(roleDialog).toHaveTextContent("From admin to super_admin.");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("combobox", { name: "Role of bob@example.com" })).toHaveValue("admin");

    await userEvent.click(screen.getByRole("button", { name: "Ban ana@example.com" }));
    await userEvent.click(within(await screen.findByRole("alertdialog", { name: "Ban ana@example.com?" })).getByRole("button", { name: "Cancel" }));
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("bans after a confirmation, resets usage and shows the overage history in pounds", async () => {
    const calls = fakeApi([ana, bob]);
    renderWithQuery(<AdminConsole canChangeRoles={false} viewer={anAdmin} />);
    await userEvent.click(await screen.findByRole("button", { name: "Ban ana@example.com" }));
    await userEvent.click(within(await screen.findByRole("alertdialog", { name: "Ban ana@example.com?" })).getByRole("button", { name: "Ban" }));
    expect(await screen.findByText("ana@example.com is banned and signed out.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Reset usage of ana@example.com" }));
    expect(await screen.findByText("Usage of ana@example.com reset to 0.")).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(expect.arrayContaining(["POST /api/admin/users/u1/ban", "POST /api/admin/users/u1/reset-usage"]));
    await userEvent.click(screen.getByRole("button", { name: "Overage history of ana@example.com" }));
    const history = await screen.findByRole("table", { name: "Overage history of ana@example.com" });
    expect(within(history).getByText("£1.00")).toBeInTheDocument();
    expect(within(history).getByText("Pending")).toBeInTheDocument();
  });

  it("lets a super_admin change roles and shows the server's refusal", async () => {
    fakeApi([ana, bob]);
    renderWithToasts(<AdminConsole canChangeRoles viewer={cleo} />);
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Role of bob@example.com" }), "user");
    const dialog = await screen.findByRole("alertdialog", { name: "Change the role of bob@example.com?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Make user" }));
    // In the dialog, which stays open (decision 018: a toast is the wrong place for a dialog's error).
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You are the last super administrator");
    expect(screen.getByRole("alertdialog")).toBe(dialog);
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
  });

  it("shows each user's linked sign-in methods with friendly names, other provider ids as they are", async () => {
    fakeApi([ana, bob]);
    renderWithQuery(<AdminConsole canChangeRoles={false} viewer={anAdmin} />);
    const row = (await screen.findByText("ana@example.com")).closest("tr")!;
    expect(within(row).getByText("Sign-in: Password, Google")).toBeInTheDocument();
    expect(within(screen.getByText("bob@example.com").closest("tr")!).getByText("Sign-in: acme-sso")).toBeInTheDocument();
  });

  it("offers Delete account to an admin for plain users only, to a super_admin for everyone but themself", async () => {
    fakeApi([ana, bob, cleo]);
    const view = renderWithQuery(<AdminConsole canChangeRoles={false} viewer={anAdmin} />);
    await screen.findByText("ana@example.com");
    expect(screen.getByRole("button", { name: "Delete account of ana@example.com" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete account of bob@example.com" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete account of cleo@example.com" })).toBeNull();
    view.unmount();

    fakeApi([ana, bob, cleo]);
    renderWithQuery(<AdminConsole canChangeRoles viewer={cleo} />);
    await screen.findByText("ana@example.com");
    expect(screen.getByRole("button", { name: "Delete account of ana@example.com" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete account of bob@example.com" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete account of cleo@example.com" })).toBeNull();
  });

  it("deletes only once the user's e-mail is typed exactly, then refreshes the list", async () => {
    const calls = fakeApi([ana, bob]);
    renderWithQuery(<AdminConsole canChangeRoles={false} viewer={anAdmin} />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete account of ana@example.com" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete the account of ana@example.com?" });
    expect(dialog).toHaveTextContent("Sign-in methods: Password, Google");
    const field = within(dialog).getByLabelText("Type ana@example.com to confirm");
    expect(field).toHaveFocus();
    const confirm = within(dialog).getByRole("button", { name: "Delete account" });
    expect(confirm).toBeDisabled();
    await userEvent.type(field, "ana@example.co");
    expect(confirm).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, "ANA@example.com");
    expect(confirm).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, "ana@example.com ");
    expect(confirm).toBeDisabled();
    // Enter does not submit while the address does not match.
    await userEvent.type(field, "{Enter}");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, "ana@example.com");
    expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    expect(await screen.findByText("The account of ana@example.com has been deleted.")).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(calls).toContainEqual({ method: "DELETE", url: "/api/admin/users/u1", body: undefined });
    // The list was read again: Ana is gone.
    expect(await screen.findByText("1 users · page 1 of 1")).toBeInTheDocument();
    expect(screen.queryByText("ana@example.com")).toBeNull();
  });

  it("cancelling deletes nothing, and a reopened dialog starts empty", async () => {
    const calls = fakeApi([ana, bob]);
    renderWithQuery(<AdminConsole canChangeRoles={false} viewer={anAdmin} />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete account of ana@example.com" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.type(within(dialog).getByLabelText("Type ana@example.com to confirm"), "ana@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Delete account of ana@example.com" }));
    expect(within(await screen.findByRole("alertdialog")).getByLabelText("Type ana@example.com to confirm")).toHaveValue("");
    await userEvent.keyboard("{Escape}");
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("shows the server's refusal in the dialog, not in a toast, and keeps the dialog open", async () => {
    fakeApi([ana, bob, cleo]);
    renderWithToasts(<AdminConsole canChangeRoles viewer={cleo} />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete account of bob@example.com" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete the account of bob@example.com?" });
    await userEvent.type(within(dialog).getByLabelText("Type bob@example.com to confirm"), "bob@example.com{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("bob@example.com owns the team Bob's Vans: its ownership must pass to another member");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(screen.getByText("bob@example.com", { selector: ".font-medium" })).toBeInTheDocument();
  });
});
