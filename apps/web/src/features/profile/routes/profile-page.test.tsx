import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { profileMessages } from "@routepilot/contracts";
import { jsonResponse, renderWithToasts } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { ProfilePage } from "@/features/profile/routes/profile-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

type Call = { method: string; path: string; body: unknown };

function fakeApi(answer: (call: Call) => Response | undefined = () => undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const raw = init?.body;
      const body = raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : undefined;
      const call = { method: init?.method ?? "GET", path: input, body };
      calls.push(call);
      const custom = answer(call);
      if (custom) return custom;
      if (call.path === "/api/me") return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
      if (call.path === "/api/auth/update-user") return jsonResponse({ status: true });
      if (call.path === "/api/auth/change-email") return jsonResponse({ status: true });
      if (call.path === "/api/me/avatar" && call.method === "PUT") return jsonResponse({ image: "/api/avatars/u1/newversion0001" });
      if (call.path === "/api/me/avatar" && call.method === "DELETE") return jsonResponse({ image: null });
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return calls;
}

function renderProfile(path = "/profile") {
  // With the app's error defaults (decision 018): a failure shown on the page must not be toasted too.
  return renderWithToasts(
    <MemoryRouter initialEntries={[path]}>
      <ProfilePage />
    </MemoryRouter>,
  );
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "me.png", { type: "image/png" });

beforeEach(() => {
  mockAuth.signIn({ name: "Ana Silva", email: "ana@example.com", image: null });
  URL.createObjectURL = vi.fn(() => "blob:picked");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("ProfilePage: display name", () => {
  it("saves the trimmed name through update-user and re-reads the session", async () => {
    const calls = fakeApi();
    renderProfile();
    const field = screen.getByLabelText("Display name");
    expect(field).toHaveValue("Ana Silva");
    await userEvent.clear(field);
    await userEvent.type(field, "  Ana Maria Silva ");
    await userEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText(profileMessages.nameSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/auth/update-user")?.body).toEqual({ name: "Ana Maria Silva" });
    expect(mockAuth.refetch).toHaveBeenCalled();
  });

  it("refuses an empty or too long name by the field before sending", async () => {
    const calls = fakeApi();
    renderProfile();
    const field = screen.getByLabelText("Display name");
    await userEvent.clear(field);
    await userEvent.type(field, "   ");
    await userEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("This field is required")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    await userEvent.clear(field);
    await userEvent.type(field, "x".repeat(101));
    await userEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Must be 100 characters or less")).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/auth/update-user")).toBe(false);
  });

  it("shows the server's message by the field", async () => {
    fakeApi((call) =>
      call.path === "/api/auth/update-user" ? jsonResponse({ error: { code: "VALIDATION_ERROR", message: "Contains prohibited content", fields: { name: "Contains prohibited content" } } }, 400) : undefined,
    );
    renderProfile();
    await userEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Contains prohibited content")).toBeInTheDocument();
    expect(screen.getByLabelText("Display name")).toHaveAttribute("aria-invalid", "true");
  });
});

describe("ProfilePage: e-mail change", () => {
  it("sends the new address with a callback and says a link was sent and nothing changes until it is used", async () => {
    const calls = fakeApi();
    renderProfile();
    await userEvent.type(screen.getByLabelText("New e-mail address"), "ana.new@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send confirmation link" }));
    expect(await screen.findByText(profileMessages.emailChangeSent("ana.new@example.com"))).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/auth/change-email")?.body).toEqual({ newEmail: "ana.new@example.com", callbackURL: "/profile?email-changed=1" });
    // The address shown is still the current one.
    expect(screen.getAllByText("ana@example.com").length).toBeGreaterThan(0);
  });

  it("checks the address first: invalid or the current one", async () => {
    const calls = fakeApi();
    renderProfile();
    const field = screen.getByLabelText("New e-mail address");
    await userEvent.type(field, "not-an-address");
    await userEvent.click(screen.getByRole("button", { name: "Send confirmation link" }));
    expect(await screen.findByText("Invalid format")).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, "ANA@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send confirmation link" }));
    expect(await screen.findByText(profileMessages.emailSame)).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/auth/change-email")).toBe(false);
  });

  it("shows Better Auth's refusal (flat body) and a bare 404 by its status, never silently", async () => {
    let status = 400;
    fakeApi((call) => {
      if (call.path !== "/api/auth/change-email") return undefined;
      return status === 400 ? jsonResponse({ code: "EMAIL_IN_USE", message: "That address belongs to another account" }, 400) : new Response("", { status: 404, statusText: "Not Found" });
    });
    renderProfile();
    const field = screen.getByLabelText("New e-mail address");
    await userEvent.type(field, "taken@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send confirmation link" }));
    expect(await screen.findByText("That address belongs to another account")).toBeInTheDocument();
    status = 404;
    await userEvent.click(screen.getByRole("button", { name: "Send confirmation link" }));
    expect(await screen.findByText("The server refused this (HTTP 404 Not Found).")).toBeInTheDocument();
  });

  it("after the link: says the address changed, or that the link did not work", () => {
    fakeApi();
    const { unmount } = renderProfile("/profile?email-changed=1");
    expect(screen.getByRole("status")).toHaveTextContent("Your e-mail address is now ana@example.com.");
    unmount();
    renderProfile("/profile?error=INVALID_TOKEN");
    expect(screen.getByRole("alert")).toHaveTextContent("The confirmation link did not work (INVALID_TOKEN)");
  });
});

describe("ProfilePage: avatar", () => {
  it("shows initials without a picture; a picked PNG opens the crop dialog and is uploaded", async () => {
    const calls = fakeApi();
    renderProfile();
    expect(screen.getAllByTestId("user-avatar-initials")[0]).toHaveTextContent("AS");
    await userEvent.upload(screen.getByTestId("avatar-file-input"), png());
    const dialog = await screen.findByRole("dialog", { name: "Crop your picture" });
    expect(within(dialog).getByRole("slider", { name: "Zoom" })).toHaveValue("1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Zoom in" }));
    expect(within(dialog).getByRole("slider", { name: "Zoom" })).toHaveValue("1.2");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save picture" }));
    expect(await screen.findByText(profileMessages.avatarSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const put = calls.find((c) => c.path === "/api/me/avatar" && c.method === "PUT");
    const form = put?.body as FormData;
    expect((form.get("file") as File).name).toBe("me.png");
    expect(mockAuth.refetch).toHaveBeenCalled();
  });

  it("refuses a file of another type or over 5 MB before sending", async () => {
    const calls = fakeApi();
    renderProfile();
    await userEvent.upload(screen.getByTestId("avatar-file-input"), new File(["GIF89a"], "a.gif", { type: "image/gif" }), { applyAccept: false });
    expect(await screen.findByText(profileMessages.avatarType)).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    await userEvent.upload(screen.getByTestId("avatar-file-input"), big);
    expect(await screen.findByText(profileMessages.avatarTooLarge)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/me/avatar")).toBe(false);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    fakeApi((call) =>
      call.path === "/api/me/avatar" ? jsonResponse({ error: { code: "VALIDATION_ERROR", message: profileMessages.avatarUnreadable, fields: { file: profileMessages.avatarUnreadable } } }, 400) : undefined,
    );
    renderProfile();
    await userEvent.upload(screen.getByTestId("avatar-file-input"), png());
    const dialog = await screen.findByRole("dialog", { name: "Crop your picture" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save picture" }));
    expect(await within(dialog).findByText(profileMessages.avatarUnreadable)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Crop your picture" })).toBeInTheDocument();
  });

  it("removes the picture", async () => {
    mockAuth.signIn({ name: "Ana Silva", email: "ana@example.com", image: "/api/avatars/u1/oldversion0001" });
    const calls = fakeApi();
    renderProfile();
    expect(screen.getAllByTestId("user-avatar-image")[0]).toHaveAttribute("src", "/api/avatars/u1/oldversion0001");
    await userEvent.click(screen.getByRole("button", { name: "Remove picture" }));
    expect(await screen.findByText(profileMessages.avatarRemoved)).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/me/avatar" && c.method === "DELETE")).toBe(true);
  });
});
