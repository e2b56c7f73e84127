import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { publicApiMessages } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery, renderWithToasts } from "@/test/utils";
import { ApiKeysSection } from "@/features/settings/components/api-keys-section";

const listed = { id: "k1", name: "Old sync", start: "rp_AbCdEfG", createdAt: "2026-01-02T10:00:00.000Z", expiresAt: null, lastUsedAt: null };
const created = { id: "k2", name: "Warehouse", start: "rp_XyZxYzX", createdAt: "2026-02-02T10:00:00.000Z", expiresAt: "2026-03-04T10:00:00.000Z", lastUsedAt: null, key: `rp_XyZxYzX${"a".repeat(41)}` };

afterEach(() => vi.unstubAllGlobals());

function serve() {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  let keys: unknown[] = [listed];
  vi.stubGlobal(
    "fetch",
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push({ url, method, ...(init.body ? { body: JSON.parse(String(init.body)) as unknown } : {}) });
      if (method === "POST") {
        const { key: _secret, ...item } = created;
        keys = [item, ...keys];
        return Promise.resolve(jsonResponse(created, 201));
      }
      if (method === "DELETE") {
        keys = keys.filter((k) => !url.endsWith((k as { id: string }).id));
        return Promise.resolve(jsonResponse(null, 204));
      }
      return Promise.resolve(jsonResponse({ keys }));
    }),
  );
  return calls;
}

const renderSection = () =>
  renderWithQuery(
    <MemoryRouter>
      <ApiKeysSection />
    </MemoryRouter>,
  );

describe("Settings → API keys", () => {
  it("lists keys by name and first characters, never expiring or not, used or not", async () => {
    serve();
    renderSection();
    const item = await screen.findByRole("listitem");
    expect(item).toHaveTextContent("Old sync");
    expect(item).toHaveTextContent("rp_AbCdEfG…");
    expect(item).toHaveTextContent("Never expires");
    expect(item).toHaveTextContent("Never used");
  });

  it("refuses an empty name before sending anything", async () => {
    const calls = serve();
    renderSection();
    await screen.findByRole("listitem");
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText("This field is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Key name")).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("creates a key with the chosen expiry and shows its secret once, until dismissed", async () => {
    const calls = serve();
    renderSection();
    await screen.findByRole("listitem");
    fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "Warehouse" } });
    fireEvent.click(screen.getByRole("radio", { name: "30 days" }));
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    const status = await screen.findByRole("group", { name: "New API key" });
    expect(within(status).getByText(created.key)).toBeInTheDocument();
    expect(within(status).getByText(publicApiMessages.keyCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Warehouse", expiresInDays: 30 });
    await waitFor(() => expect(screen.getAllByRole("listitem")).toHaveLength(2));
    fireEvent.click(within(status).getByRole("button", { name: "I have copied it" }));
    expect(screen.queryByText(created.key)).toBeNull();
  });

  it("revokes a key after confirmation", async () => {
    const calls = serve();
    renderSection();
    await screen.findByRole("listitem");
    fireEvent.click(screen.getByRole("button", { name: "Revoke Old sync" }));
    fireEvent.click(await screen.findByRole("button", { name: "Revoke key" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/api-keys/k1")).toBe(true));
    expect(await screen.findByText("You have no API keys yet.")).toBeInTheDocument();
  });

  it("shows the server's refusal at the field it names (focused), and a revoke failure in the confirmation dialog", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit = {}) => {
        const method = init.method ?? "GET";
        if (method === "POST") return Promise.resolve(jsonResponse({ error: { code: "CONFLICT", message: "You already have a key with this name", fields: { name: "You already have a key with this name" } } }, 409));
        if (method === "DELETE") return Promise.resolve(jsonResponse({ error: { code: "NOT_FOUND", message: "This key no longer exists" } }, 404));
        return Promise.resolve(jsonResponse({ keys: [listed] }));
      }),
    );
    renderWithToasts(
      <MemoryRouter>
        <ApiKeysSection />
      </MemoryRouter>,
    );
    await screen.findByRole("listitem");
    fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "Old sync" } });
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText("You already have a key with this name")).toBeInTheDocument();
    expect(screen.getByLabelText("Key name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Key name")).toHaveFocus();
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Revoke Old sync" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke “Old sync”?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke key" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This key no longer exists");
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
  });
});
