import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { Toaster } from "@/components/ui/toaster";
import { defaultPreferences, type Preferences } from "@routepilot/contracts";
import { createTestQueryClient, jsonResponse } from "@/test/utils";
import { preferencesQueryKey } from "@/features/settings/api/get-preferences";
import { PREFERENCES_SAVE_FAILED, useUpdatePreferences } from "@/features/settings/api/update-preferences";

function setup() {
  toast.dismiss();
  const queryClient = createTestQueryClient({ errorDefaults: true });
  queryClient.setQueryData<Preferences>(preferencesQueryKey, defaultPreferences);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster theme="light" />
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useUpdatePreferences(), { wrapper });
  return { queryClient, result };
}

describe("useUpdatePreferences (optimistic, SPEC §4)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("applies the change at once, then rolls it back with an error toast when saving fails", async () => {
    let fail!: () => void;
    vi.stubGlobal(
      "fetch",
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            fail = () => resolve(jsonResponse({ error: { code: "INTERNAL_ERROR", message: "The server is having a moment." } }, 500));
          }),
      ),
    );
    const { queryClient, result } = setup();

    act(() => result.current.mutate({ theme: "dark", darkMode: true }));
    await waitFor(() => expect(queryClient.getQueryData<Preferences>(preferencesQueryKey)?.theme).toBe("dark"));
    expect(queryClient.getQueryData<Preferences>(preferencesQueryKey)?.darkMode).toBe(true);

    act(() => fail());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData<Preferences>(preferencesQueryKey)).toEqual(defaultPreferences);
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(PREFERENCES_SAVE_FAILED);
    expect(alert).toHaveTextContent("The server is having a moment. Your change has been undone.");
  });

  it("keeps the server's answer when saving succeeds", async () => {
    const saved: Preferences = { ...defaultPreferences, distanceUnit: "km" };
    const fetchMock = vi.fn(async () => jsonResponse(saved));
    vi.stubGlobal("fetch", fetchMock);
    const { queryClient, result } = setup();

    act(() => result.current.mutate({ distanceUnit: "km" }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(queryClient.getQueryData(preferencesQueryKey)).toEqual(saved);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/preferences",
      expect.objectContaining({ method: "PATCH", body: JSON.stringify({ distanceUnit: "km" }), credentials: "same-origin" }),
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
