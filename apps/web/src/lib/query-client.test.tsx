import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider, useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { ApiError, apiRequest } from "@/lib/api-client";
import { createQueryClient, type MutationErrorMeta } from "@/lib/query-client";
import { jsonResponse } from "@/test/utils";

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    toast.dismiss();
  });
});

describe("query client defaults (SPEC §9)", () => {
  it("keeps data fresh for 5 minutes, retries once, refetches on mount and reconnect but not on focus", () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({ staleTime: 300_000, retry: 1, refetchOnWindowFocus: false, refetchOnMount: true, refetchOnReconnect: true });
  });
});

const refused = () => jsonResponse({ error: { code: "VALIDATION_ERROR", message: "Choose a driver for Van 2", fields: { "vehicleIds.1": "Choose a driver for Van 2" } } }, 400);

function Dispatch({ meta, inline }: { meta?: MutationErrorMeta; inline?: boolean }) {
  const dispatch = useMutation({ mutationFn: () => apiRequest("/api/dispatch", { method: "POST", body: {} }), meta });
  return (
    <>
      <button onClick={() => dispatch.mutate()}>Dispatch 3 routes</button>
      {inline && dispatch.error ? <p role="alert">{dispatch.error.message}</p> : null}
    </>
  );
}

function renderApp(ui: React.ReactElement) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster theme="light" />
    </QueryClientProvider>,
  );
}

describe("failed mutations (decision 018)", () => {
  it("shows the server's message in an alert toast that stays until closed", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => refused()));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp(<Dispatch meta={{ errorTitle: "Could not dispatch the plan" }} />);
      await userEvent.click(screen.getByRole("button", { name: "Dispatch 3 routes" }));
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("Could not dispatch the plan");
      expect(alert).toHaveTextContent("Choose a driver for Van 2");
      // Not gone after sonner's 4 s default: an error waits for the person.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(30_000);
      });
      expect(screen.getByRole("alert")).toHaveTextContent("Choose a driver for Van 2");
      await userEvent.click(screen.getByRole("button", { name: /close/i }));
      await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the same failure once when it is repeated", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => refused()));
    renderApp(<Dispatch />);
    await userEvent.click(screen.getByRole("button", { name: "Dispatch 3 routes" }));
    await screen.findByRole("alert");
    await userEvent.click(screen.getByRole("button", { name: "Dispatch 3 routes" }));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("leaves a failure the page shows next to its control to the page (no second message)", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => refused()));
    renderApp(<Dispatch meta={{ errorShownInline: true }} inline />);
    await userEvent.click(screen.getByRole("button", { name: "Dispatch 3 routes" }));
    await screen.findByRole("alert");
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
  });

  it("toasts the failures an opt-out test does not claim", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => refused()));
    renderApp(<Dispatch meta={{ errorShownInline: (e) => e instanceof ApiError && e.status === 409 }} />);
    await userEvent.click(screen.getByRole("button", { name: "Dispatch 3 routes" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose a driver for Van 2");
  });
});

function Search({ title }: { title?: string }) {
  useQuery({ queryKey: ["search", title], queryFn: () => apiRequest("/api/geocode?q=x"), retry: false, meta: title ? { errorTitle: title } : undefined });
  return <p>searching</p>;
}

describe("failed queries", () => {
  it("toasts the failure of a query a person started (meta.errorTitle), not of others", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({ error: { code: "SERVICE_UNAVAILABLE", message: "The place search is not available." } }, 503)));
    const { unmount } = renderApp(<Search />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    unmount();
    renderApp(<Search title="Could not search for places" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("The place search is not available.");
  });
});
