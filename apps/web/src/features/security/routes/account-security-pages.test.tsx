import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { accountSecurityMessages } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { SecurityPage } from "@/features/security/routes/account-security-page";
import { DeleteAccountPage } from "@/features/security/routes/delete-account-page";

const twoFactor = vi.hoisted(() => ({
  enable: vi.fn(),
  verifyTotp: vi.fn(),
  disable: vi.fn(),
  generateBackupCodes: vi.fn(),
}));
vi.mock("@/lib/auth-client", async () => {
  const { authClientModule } = await import("@/test/mock-auth");
  return { ...authClientModule, authClient: { ...authClientModule.authClient, twoFactor } };
});

type Call = { method: string; path: string; body: unknown };

/** Stubs fetch: `answer` returns a Response for a call, or undefined for the defaults below. */
function fakeApi(answer: (call: Call) => Response | undefined = () => undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = { method: init?.method ?? "GET", path: input, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const custom = answer(call);
      if (custom) return custom;
      if (call.path === "/api/me/security/sessions")
        return jsonResponse({
          sessions: [
            { id: "s1", device: "Chrome on Windows", userAgent: "x", ipAddress: "10.0.0.1", createdAt: "2026-05-01T10:00:00.000Z", lastActiveAt: "2026-05-02T10:00:00.000Z", expiresAt: "2026-06-01T10:00:00.000Z", current: true },
            { id: "s2", device: "Safari on iPhone", userAgent: "y", ipAddress: "10.0.0.2", createdAt: "2026-04-01T10:00:00.000Z", lastActiveAt: "2026-04-02T10:00:00.000Z", expiresAt: "2026-06-01T10:00:00.000Z", current: false },
          ],
        });
      if (call.path.startsWith("/api/me/security/events"))
        return jsonResponse({
          events: call.path.includes("before=")
            ? [{ id: "e3", eventType: "sign_up", action: "sign up", outcome: "success", device: "Chrome on Windows", ipAddress: "10.0.0.1", createdAt: "2026-04-01T09:00:00.000Z" }]
            : [
                { id: "e1", eventType: "sign_in", action: "sign in", outcome: "success", device: "Chrome on Windows", ipAddress: "10.0.0.1", createdAt: "2026-05-01T10:00:00.000Z" },
                { id: "e2", eventType: "sign_in", action: "sign in", outcome: "failure", device: "Firefox on Linux", ipAddress: "10.9.9.9", createdAt: "2026-04-30T10:00:00.000Z" },
              ],
          nextBefore: call.path.includes("before=") ? null : "e2",
        });
      if (call.method === "DELETE" && call.path.startsWith("/api/me/security/sessions/")) return jsonResponse(null, 204);
      if (call.path === "/api/me/security/sessions/revoke-others") return jsonResponse({ revoked: 1 });
      if (call.path === "/api/me/security/reauthenticate") return jsonResponse({ validUntil: "2026-05-01T10:10:00.000Z" });
      if (call.path === "/api/me/export")
        return jsonResponse({
          exportedAt: "2026-05-01T10:00:00.000Z",
          profile: { id: "u1", name: "Ana", email: "ana@example.com", emailVerified: true, createdAt: "2026-01-01T00:00:00.000Z", twoFactorEnabled: false },
          subscription: null,
          preferences: null,
          savedLocations: [],
          routes: [],
          usage: [],
          overageCharges: [],
          teamMemberships: [],
          notifications: [],
          signInHistory: [],
        });
      if (call.method === "DELETE" && call.path === "/api/me") return jsonResponse(null, 204);
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return calls;
}

beforeEach(() => {
  mockAuth.signIn();
  URL.createObjectURL = vi.fn(() => "blob:x");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("SecurityPage (/security)", () => {
  it("lists sessions with this device marked and signs another one out", async () => {
    const calls = fakeApi();
    renderWithQuery(<MemoryRouter><SecurityPage /></MemoryRouter>);
    expect(screen.getByRole("heading", { level: 1, name: "Security" })).toBeInTheDocument();
    expect(screen.queryByText("Not available yet")).not.toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Sessions" });
    const current = within(list).getByRole("listitem", { name: "Chrome on Windows (this device)" });
    expect(within(current).getByText("This device")).toBeInTheDocument();
    expect(within(current).queryByRole("button")).not.toBeInTheDocument();
    const other = within(list).getByRole("listitem", { name: "Safari on iPhone" });
    expect(within(other).getByText("IP address: 10.0.0.2")).toBeInTheDocument();
    await userEvent.click(within(other).getByRole("button", { name: /Sign out Safari on iPhone/ }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/me/security/sessions/s2")).toBe(true));
    await userEvent.click(screen.getByRole("button", { name: "Sign out all other sessions" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/me/security/sessions/revoke-others")).toBe(true));
  });

  it("shows the sign-in history newest first and loads older pages", async () => {
    const calls = fakeApi();
    renderWithQuery(<MemoryRouter><SecurityPage /></MemoryRouter>);
    const history = await screen.findByRole("list", { name: "Sign-in history" });
    const items = within(history).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Sign-in");
    expect(items[1]).toHaveTextContent("Sign-in failed");
    expect(items[1]).toHaveTextContent("Firefox on Linux · 10.9.9.9");
    await userEvent.click(screen.getByRole("button", { name: "Show older events" }));
    expect(await within(history).findByText("Account created")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/me/security/events?limit=20&before=e2")).toBe(true);
    expect(screen.queryByRole("button", { name: "Show older events" })).not.toBeInTheDocument();
  });

  it("turns two-factor on: password, QR code and key, a confirmed code, then the backup codes once", async () => {
    fakeApi();
    const uri = "otpauth://totp/RoutePilot:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=RoutePilot&digits=6&period=30";
    twoFactor.enable.mockResolvedValue({ data: { totpURI: uri, backupCodes: ["aaaaa-bbbbb", "ccccc-ddddd"] }, error: null });
    twoFactor.verifyTotp.mockResolvedValueOnce({ data: null, error: { code: "INVALID_CODE", message: "Invalid code" } }).mockResolvedValueOnce({ data: { token: "t" }, error: null });
    renderWithQuery(<MemoryRouter><SecurityPage /></MemoryRouter>);
    expect(screen.getByText("Off")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Turn on two-factor authentication" }));
    // Scoped: the page's "Download my data" section has a Password field too.
    await userEvent.type(within(screen.getByRole("form", { name: /set up two-factor/ })).getByLabelText("Password"), "Str0ng!Pass");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(twoFactor.enable).toHaveBeenCalledWith({ password: "Str0ng!Pass" });
    expect(await screen.findByTitle("QR code for your authenticator app")).toBeInTheDocument();
    expect(screen.getByTestId("totp-secret")).toHaveTextContent("JBSWY3DPEHPK3PXP");

    await userEvent.type(screen.getByLabelText("Code from the app"), "12345");
    await userEvent.click(screen.getByRole("button", { name: "Confirm and turn on" }));
    expect(screen.getByText("Enter the 6-digit code from your authenticator app")).toBeInTheDocument();
    expect(twoFactor.verifyTotp).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText("Code from the app"), "6");
    await userEvent.click(screen.getByRole("button", { name: "Confirm and turn on" }));
    expect(await screen.findByText(/That code is not correct/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Confirm and turn on" }));
    const codes = await screen.findByRole("list", { name: "Backup codes" });
    expect(within(codes).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["aaaaa-bbbbb", "ccccc-ddddd"]);
    await userEvent.click(screen.getByRole("button", { name: "Download as .txt" }));
    expect(URL.createObjectURL).toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "I have saved my codes" }));
    expect(screen.queryByRole("list", { name: "Backup codes" })).not.toBeInTheDocument();
  });

  it("offers 'Download my data' on its own, apart from deleting the account", async () => {
    fakeApi();
    renderWithQuery(<MemoryRouter><SecurityPage /></MemoryRouter>);
    const form = screen.getByRole("form", { name: "Download my data" });
    expect(within(form).getByLabelText("Password")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Delete my account" })).toHaveAttribute("href", "/delete-account");
  });

  it("turns two-factor off with the password, and says so plainly when the password is wrong", async () => {
    fakeApi();
    mockAuth.signIn({ twoFactorEnabled: true } as never);
    twoFactor.disable.mockResolvedValueOnce({ data: null, error: { code: "INVALID_PASSWORD", message: "Invalid password" } }).mockResolvedValueOnce({ data: { status: true }, error: null });
    renderWithQuery(<MemoryRouter><SecurityPage /></MemoryRouter>);
    expect(screen.getByText("On")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Turn off two-factor authentication" }));
    await userEvent.type(within(screen.getByRole("form", { name: /two-factor authentication off/ })).getByLabelText("Password"), "nope");
    await userEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText(accountSecurityMessages.wrongPassword)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(twoFactor.disable).toHaveBeenCalledTimes(2));
  });
});

describe("DeleteAccountPage (/delete-account)", () => {
  function renderDeletion() {
    return renderWithQuery(
      <MemoryRouter initialEntries={["/delete-account"]}>
        <Routes>
          <Route path="/delete-account" element={<DeleteAccountPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it("confirms the password, downloads the data, then deletes on the typed confirmation and goes home", async () => {
    const calls = fakeApi((c) =>
      c.path === "/api/me/security/reauthenticate" && (c.body as { password: string }).password === "wrong"
        ? jsonResponse({ error: { code: "VALIDATION_ERROR", message: accountSecurityMessages.wrongPassword, fields: { password: accountSecurityMessages.wrongPassword } } }, 400)
        : undefined,
    );
    renderDeletion();
    expect(screen.getByRole("heading", { level: 1, name: "Delete account" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download my data" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete my account" })).toBeDisabled();

    await userEvent.type(screen.getByLabelText("Password"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText(accountSecurityMessages.wrongPassword)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Password"));
    await userEvent.type(screen.getByLabelText("Password"), "Str0ng!Pass");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Confirmed.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByText("Downloaded.")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/me/export")).toBe(true);

    await userEvent.type(screen.getByLabelText("Type DELETE to confirm"), "DELET");
    expect(screen.getByRole("button", { name: "Delete my account" })).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Type DELETE to confirm"), "E");
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "DELETE" && c.path === "/api/me")?.body).toEqual({ confirmation: "DELETE" });
  });

  it("shows the server's refusal for a team owner and stays", async () => {
    fakeApi((c) => (c.method === "DELETE" && c.path === "/api/me" ? jsonResponse({ error: { code: "CONFLICT", message: accountSecurityMessages.ownsTeam("Night Shift") } }, 409) : undefined));
    renderDeletion();
    await userEvent.type(screen.getByLabelText("Password"), "Str0ng!Pass");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await screen.findByText("Confirmed.");
    await userEvent.type(screen.getByLabelText("Type DELETE to confirm"), "DELETE");
    await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("Transfer ownership of Night Shift or delete it first")).toBeInTheDocument();
    // By the button that was pressed, not at the top of the page (decision 018).
    expect(within(screen.getByRole("form", { name: "Delete my account" })).getByRole("alert")).toHaveTextContent("Transfer ownership of Night Shift or delete it first");
    expect(screen.queryByText("Home page")).not.toBeInTheDocument();
  });

  it("asks for the authenticator code too when two-factor is on", async () => {
    const calls = fakeApi();
    mockAuth.signIn({ twoFactorEnabled: true } as never);
    renderDeletion();
    await userEvent.type(screen.getByLabelText("Password"), "Str0ng!Pass");
    await userEvent.type(screen.getByLabelText("Authentication code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await screen.findByText("Confirmed.");
    expect(calls.find((c) => c.path === "/api/me/security/reauthenticate")?.body).toEqual({ password: "Str0ng!Pass", code: "123456" });
  });
});
