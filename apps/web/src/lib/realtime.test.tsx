import { act, render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestQueryClient } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import {
  backoffDelay,
  connectRealtime,
  invalidateFor,
  realtimeUrl,
  RealtimeProvider,
  useRealtimeMessages,
  useRealtimeStatus,
  type RealtimeMessage,
  type RealtimeStatus,
} from "./realtime";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

/** A stand-in for the browser's WebSocket that the test drives. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  static latest(): FakeSocket {
    return FakeSocket.all[FakeSocket.all.length - 1]!;
  }
  receive(message: RealtimeMessage | string) {
    this.readyState = WebSocket.OPEN;
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) } as MessageEvent);
  }
  ready() {
    this.receive({ topic: "system", type: "ready", data: { userId: "u1" } });
  }
  /** The server or the network closed it. */
  drop(code = 1006) {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.({ code } as CloseEvent);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = WebSocket.CLOSED;
  }
}
const createSocket = (url: string) => new FakeSocket(url) as unknown as WebSocket;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  mockAuth.signOut();
});

describe("realtime connection", () => {
  it("builds ws:// or wss:// on the page's host", () => {
    expect(realtimeUrl({ protocol: "http:", host: "localhost:5173" })).toBe("ws://localhost:5173/api/realtime");
    expect(realtimeUrl({ protocol: "https:", host: "routes.example.com" })).toBe("wss://routes.example.com/api/realtime");
  });

  it("reconnects after 1, 2, 5, 10 s and then every 10 s; a ready socket starts the series again", () => {
    expect([1, 2, 3, 4, 5, 9].map(backoffDelay)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
    const statuses: RealtimeStatus[] = [];
    const onReady = vi.fn();
    const connection = connectRealtime({ url: "ws://x/api/realtime", createSocket, onReady, onMessage: vi.fn(), onStatus: (s) => statuses.push(s) });
    expect(FakeSocket.all).toHaveLength(1);

    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      FakeSocket.latest().drop();
      const before = FakeSocket.all.length;
      let waited = 0;
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 5000, 10_000, 10_000]);
    expect(statuses[0]).toBe("connecting");
    expect(statuses.at(-1)).toBe("reconnecting");

    FakeSocket.latest().ready();
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe("open");
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(6);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(7);

    connection.stop();
    expect(FakeSocket.latest().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(7);
    expect(statuses.at(-1)).toBe("off");
  });

  it("hands on messages other than system ones and ignores what is not JSON", () => {
    const onMessage = vi.fn();
    const connection = connectRealtime({ url: "ws://x", createSocket, onReady: vi.fn(), onMessage, onStatus: vi.fn() });
    FakeSocket.latest().ready();
    FakeSocket.latest().receive("not json");
    FakeSocket.latest().receive({ topic: "notifications", type: "created", data: { id: "n1" } });
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({ topic: "notifications", type: "created", data: { id: "n1" } });
    connection.stop();
  });
});

describe("invalidateFor", () => {
  it("invalidates the caches each topic concerns", async () => {
    const queryClient = createTestQueryClient();
    const keys = [["notifications"], ["invitations"], ["teams", "list"], ["teams", "detail", "t1"], ["me", "plan"], ["routes"]];
    for (const key of keys) queryClient.setQueryData(key, { v: 1 });
    const stale = () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key.join("/"));

    await invalidateFor(queryClient, { topic: "notifications", type: "created", data: {} });
    expect(stale()).toEqual(["notifications"]);
    await invalidateFor(queryClient, { topic: "invitations", type: "created", data: {} });
    expect(stale()).toEqual(["notifications", "invitations", "teams/list", "teams/detail/t1"]);
    await invalidateFor(queryClient, { topic: "team:t1", type: "members_changed", data: {} });
    expect(stale()).toEqual(["notifications", "invitations", "teams/list", "teams/detail/t1", "me/plan"]);
    expect(queryClient.getQueryState(["routes"])?.isInvalidated).toBe(false);
  });
});

function Probe({ onTeam }: { onTeam: (m: RealtimeMessage) => void }) {
  useRealtimeMessages("team:", onTeam);
  return <p>status: {useRealtimeStatus()}</p>;
}

describe("RealtimeProvider", () => {
  it("connects while signed in, refetches on every ready, routes messages to subscribers, and closes on sign-out", async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(["notifications"], { v: 1 });
    const onTeam = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider createSocket={createSocket}>
          <Probe onTeam={onTeam} />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText("status: off")).toBeInTheDocument();
    expect(FakeSocket.all).toHaveLength(0);

    act(() => mockAuth.signIn());
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.latest().url).toBe("ws://localhost:3000/api/realtime");
    expect(screen.getByText("status: connecting")).toBeInTheDocument();
    await act(async () => FakeSocket.latest().ready());
    expect(screen.getByText("status: open")).toBeInTheDocument();
    expect(queryClient.getQueryState(["notifications"])?.isInvalidated).toBe(true);

    await act(async () => {
      FakeSocket.latest().receive({ topic: "team:t9", type: "members_changed", data: { teamId: "t9" } });
      FakeSocket.latest().receive({ topic: "notifications", type: "created", data: {} });
    });
    expect(onTeam).toHaveBeenCalledTimes(1);
    expect(onTeam).toHaveBeenCalledWith({ topic: "team:t9", type: "members_changed", data: { teamId: "t9" } });

    // Dropped: reconnects after 1 s and refetches again once ready.
    queryClient.setQueryData(["notifications"], { v: 2 });
    act(() => FakeSocket.latest().drop());
    expect(screen.getByText("status: reconnecting")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeSocket.all).toHaveLength(2);
    await act(async () => FakeSocket.latest().ready());
    expect(queryClient.getQueryState(["notifications"])?.isInvalidated).toBe(true);

    // The server ends the socket of a signed-out session: the app re-reads the session.
    mockAuth.refetch.mockClear();
    act(() => FakeSocket.latest().drop(4401));
    expect(mockAuth.refetch).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeSocket.all).toHaveLength(3);

    const last = FakeSocket.latest();
    act(() => mockAuth.signOut());
    expect(last.closedWith).toBe(1000);
    expect(screen.getByText("status: off")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(30_000));
    expect(FakeSocket.all).toHaveLength(3);
  });
});
