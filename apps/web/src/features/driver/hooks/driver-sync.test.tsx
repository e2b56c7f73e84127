import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { DriverSyncProvider, useOutbox } from "@/features/driver/hooks/driver-sync";
import { memoryRouteStore } from "@/features/driver/lib/idb-storage";
import { memoryOutboxStorage, type OutboxItem, type OutboxStorage, type SendItem } from "@/features/driver/lib/outbox";

const at = "2026-11-30T08:00:00.000Z";
let n = 0;
function arrived(): OutboxItem {
  const id = `e${++n}`;
  // A route of another day than today: the queue does not care which day it is.
  return { id, action: id, kind: "event", date: "2026-11-30", routeId: "r1", stopId: "s1", label: `Arrived ${id}`, createdAt: at, event: { clientEventId: id, type: "arrived", at } };
}

function Probe() {
  const { outbox, pending } = useOutbox();
  return (
    <>
      <button type="button" onClick={() => void outbox.enqueue(arrived())}>
        Act
      </button>
      <p data-testid="pending">{pending.length}</p>
    </>
  );
}

function renderProvider(storage: OutboxStorage, send: SendItem) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <DriverSyncProvider userId="u1" storage={storage} routeStore={memoryRouteStore()} send={send}>
          <Probe />
        </DriverSyncProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

function setVisibility(state: "visible" | "hidden") {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("DriverSyncProvider", () => {
  afterEach(() => {
    Reflect.deleteProperty(document, "visibilityState");
  });

  it("under StrictMode (effect, cleanup, effect on one queue) sends an enqueued action, once", async () => {
    const send = vi.fn<SendItem>(async () => ({}));
    const user = userEvent.setup();
    renderProvider(memoryOutboxStorage(), send);
    await user.click(screen.getByRole("button", { name: "Act" }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId("pending")).toHaveTextContent("0"));
    expect(send.mock.calls[0]![0]).toMatchObject({ kind: "event", stopId: "s1" });
  });

  it("under StrictMode sends what a previous page left on the phone", async () => {
    const storage = memoryOutboxStorage();
    await storage.add(arrived());
    const send = vi.fn<SendItem>(async () => ({}));
    renderProvider(storage, send);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(await storage.list()).toEqual([]);
  });

  it("tries again when the browser is back online and when the page becomes visible", async () => {
    let reachable = false;
    const send = vi.fn<SendItem>(async () => {
      if (!reachable) throw new ApiError(0, "NETWORK_ERROR", "offline");
      return {};
    });
    const storage = memoryOutboxStorage();
    const user = userEvent.setup();
    renderProvider(storage, send);

    await user.click(screen.getByRole("button", { name: "Act" }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(screen.getByTestId("pending")).toHaveTextContent("1");
    reachable = true;
    const before = send.mock.calls.length;
    act(() => setVisibility("hidden"));
    expect(send.mock.calls.length).toBe(before);
    act(() => setVisibility("visible"));
    await waitFor(() => expect(screen.getByTestId("pending")).toHaveTextContent("0"));

    reachable = false;
    await user.click(screen.getByRole("button", { name: "Act" }));
    await waitFor(() => expect(screen.getByTestId("pending")).toHaveTextContent("1"));
    reachable = true;
    act(() => void window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(screen.getByTestId("pending")).toHaveTextContent("0"));
    expect(await storage.list()).toEqual([]);
  });
});
