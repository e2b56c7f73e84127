import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { accountSecurityMessages } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { MemoryRouter } from "react-router";
import { DownloadDataSection } from "@/features/security/components/download-data-section";
import { DeleteAccountPage } from "@/features/security/routes/delete-account-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

type Call = { method: string; path: string; body: unknown };

const exported = {
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
};

function fakeApi(reauth: (body: Record<string, string>) => Response = () => jsonResponse({ validUntil: "2026-05-01T10:10:00.000Z" })): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = { method: init?.method ?? "GET", path: input, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (call.path === "/api/me/security/reauthenticate") return reauth(call.body as Record<string, string>);
      if (call.path === "/api/me/export") return jsonResponse(exported);
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return calls;
}

let saved: Blob[] = [];
/** The text of a saved Blob (jsdom's Blob has no text()). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return "blob:x";
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("<DownloadDataSection>", () => {
  it("confirms the password, then downloads the export as JSON; nothing else is asked", async () => {
    mockAuth.signIn();
    const calls = fakeApi();
    renderWithQuery(<DownloadDataSection />);
    expect(screen.getByRole("heading", { level: 2, name: "Download my data" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Authentication code")).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Password"), "Str0ng!Pass");
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Downloaded routepilot-data-2026-05-01.json.");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/me/security/reauthenticate", "GET /api/me/export"]);
    expect(calls[0]?.body).toEqual({ password: "Str0ng!Pass" });
    expect(JSON.parse(await readBlob(saved[0]!))).toMatchObject({ profile: { email: "ana@example.com" } });
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("asks for the two-factor code when two-factor is on and sends it", async () => {
    mockAuth.signIn({ twoFactorEnabled: true } as never);
    const calls = fakeApi();
    renderWithQuery(<DownloadDataSection />);
    await userEvent.type(screen.getByLabelText("Password"), "Str0ng!Pass");
    await userEvent.type(screen.getByLabelText("Authentication code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    await screen.findByRole("status");
    expect(calls[0]?.body).toEqual({ password: "Str0ng!Pass", code: "123456" });
  });

  it("shows the server's refusal by the field it names and downloads nothing", async () => {
    mockAuth.signIn({ twoFactorEnabled: true } as never);
    const calls = fakeApi(() =>
      jsonResponse({ error: { code: "VALIDATION_ERROR", message: accountSecurityMessages.wrongCode, fields: { code: accountSecurityMessages.wrongCode } } }, 400),
    );
    renderWithQuery(<DownloadDataSection />);
    await userEvent.type(screen.getByLabelText("Password"), "Str0ng!Pass");
    await userEvent.type(screen.getByLabelText("Authentication code"), "000000");
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByText(accountSecurityMessages.wrongCode)).toBeInTheDocument();
    expect(screen.getByLabelText("Authentication code")).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.path === "/api/me/export")).toBe(false);
    expect(saved).toHaveLength(0);
  });

  it("shows a refusal without fields (too many attempts) under the button", async () => {
    mockAuth.signIn();
    fakeApi(() => jsonResponse({ error: { code: "RATE_LIMITED", message: "Too many requests. Try again in 60 seconds." } }, 429));
    renderWithQuery(<DownloadDataSection />);
    await userEvent.type(screen.getByLabelText("Password"), "x");
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByText("Too many requests. Try again in 60 seconds.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Download my data" })).toBeEnabled());
  });
});

describe("the deletion page links to it", () => {
  it("has a link to /security#download-data", () => {
    mockAuth.signIn();
    fakeApi();
    renderWithQuery(
      <MemoryRouter>
        <DeleteAccountPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("link", { name: "Download my data on its own" })).toHaveAttribute("href", "/security#download-data");
  });
});
