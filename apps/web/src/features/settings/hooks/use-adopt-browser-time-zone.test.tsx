import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { toast } from "sonner";
import { defaultPreferences, type Preferences } from "@routepilot/contracts";
import { Toaster } from "@/components/ui/toaster";
import { createTestQueryClient, jsonResponse } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { preferencesQueryKey } from "@/features/settings/api/get-preferences";
import { adoptedTimeZoneKey, useAdoptBrowserTimeZone } from "@/features/settings/hooks/use-adopt-browser-time-zone";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const browser = vi.hoisted(() => ({ zone: "Europe/Vaduz" }));
vi.mock("@/lib/format", async (original) => ({ ...(await original<Record<string, unknown>>()), browserTimeZone: () => browser.zone }));

type Call = { method: string; path: string; body: unknown };

/** The preferences API: GET answers `stored`, PATCH answers `patch` (the stored row, or a failure). */
function fakeApi(stored: Partial<Preferences>, patch: "ok" | "fail" = "ok") {
  const calls: Call[] = [];
  let row: Preferences = { ...defaultPreferences, ...stored };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      if (method === "PATCH") {
        if (patch === "fail") return jsonResponse({ error: { code: "INTERNAL_ERROR", message: "The server is having a moment." } }, 500);
        row = { ...row, ...(body as Partial<Preferences>) };
      }
      return jsonResponse(row);
    }),
  );
  return calls;
}

function Adopt() {
  useAdoptBrowserTimeZone();
  return null;
}

function renderHookOnce() {
  toast.dismiss();
  const queryClient = createTestQueryClient({ errorDefaults: true });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Adopt />
      <Toaster theme="light" />
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

const patches = (calls: Call[]) => calls.filter((c) => c.method === "PATCH");
/** Lets the preferences load and any request the hook makes settle. */
const settle = (calls: Call[]) => waitFor(() => expect(calls.some((c) => c.method === "GET")).toBe(true)).then(() => new Promise((r) => setTimeout(r, 50)));

describe("useAdoptBrowserTimeZone", () => {
  beforeEach(() => {
    localStorage.clear();
    browser.zone = "Europe/Vaduz";
    mockAuth.signIn({ id: "u1", createdAt: new Date() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    mockAuth.signOut();
  });

  it("gives a new account still in UTC the browser's time zone, once per user in this browser", async () => {
    const calls = fakeApi({ timezone: "UTC" });
    const { queryClient, unmount } = renderHookOnce();
    await waitFor(() => expect(queryClient.getQueryData<Preferences>(preferencesQueryKey)?.timezone).toBe("Europe/Vaduz"));
    expect(patches(calls)).toEqual([{ method: "PATCH", path: "/api/preferences", body: { timezone: "Europe/Vaduz" } }]);
    expect(localStorage.getItem(adoptedTimeZoneKey("u1"))).toBe("Europe/Vaduz");
    unmount();

    // The person sets UTC in Settings afterwards: a later visit leaves it.
    const again = fakeApi({ timezone: "UTC" });
    renderHookOnce();
    await settle(again);
    expect(patches(again)).toEqual([]);
  });

  it("leaves a time zone the person has chosen, and remembers it decided", async () => {
    const calls = fakeApi({ timezone: "America/New_York" });
    renderHookOnce();
    await settle(calls);
    expect(patches(calls)).toEqual([]);
    expect(localStorage.getItem(adoptedTimeZoneKey("u1"))).toBe("kept");
  });

  it("does nothing when the browser itself is on UTC", async () => {
    browser.zone = "Etc/UTC";
    const calls = fakeApi({ timezone: "UTC" });
    renderHookOnce();
    await settle(calls);
    expect(patches(calls)).toEqual([]);
  });

  it("leaves an older account's UTC alone: it may be a choice", async () => {
    mockAuth.signIn({ id: "u2", createdAt: new Date(Date.now() - 30 * 86_400_000) });
    const calls = fakeApi({ timezone: "UTC" });
    renderHookOnce();
    await settle(calls);
    expect(patches(calls)).toEqual([]);
    expect(localStorage.getItem(adoptedTimeZoneKey("u2"))).toBe("kept");
  });

  it("fails silently (no toast) and does not try again", async () => {
    const calls = fakeApi({ timezone: "UTC" }, "fail");
    const { queryClient, unmount } = renderHookOnce();
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
    expect(queryClient.getQueryData<Preferences>(preferencesQueryKey)?.timezone).toBe("UTC");
    unmount();

    const again = fakeApi({ timezone: "UTC" });
    renderHookOnce();
    await settle(again);
    expect(patches(again)).toEqual([]);
  });

  it("asks nothing while signed out", async () => {
    mockAuth.signOut();
    const calls = fakeApi({ timezone: "UTC" });
    renderHookOnce();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });
});
