import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { meQueryKey, useAuth } from "@/lib/auth";
import { queryKeys } from "@/lib/query-keys";

/**
 * The realtime socket (DESIGN §7, docs/decisions/009-realtime.md): while signed in, one WebSocket
 * to /api/realtime. Messages `{ topic, type, data }` invalidate the cached queries they concern;
 * after every (re)connection everything a missed message could have changed is refetched.
 */

export interface RealtimeMessage {
  topic: string;
  type: string;
  data: unknown;
}

export type RealtimeStatus = "off" | "connecting" | "open" | "reconnecting";

/** Waits before reconnecting after the 1st, 2nd, 3rd, … failure: 1, 2, 5, 10 s, then 10 s. */
export const REALTIME_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;

/** The server's close code for a socket whose session was signed out, revoked or has expired. */
export const SESSION_ENDED_CODE = 4401;

export function backoffDelay(failures: number): number {
  return REALTIME_BACKOFF_MS[Math.min(Math.max(failures, 1), REALTIME_BACKOFF_MS.length) - 1]!;
}

/** ws://host/api/realtime (wss:// on an https page), on the page's own host. */
export function realtimeUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/realtime`;
}

const teamTopic = /^team:(.+)$/;

/** Invalidates the queries a message may have changed. */
export function invalidateFor(queryClient: QueryClient, message: RealtimeMessage): Promise<unknown> {
  const keys: (readonly unknown[])[] = [];
  if (message.topic === "notifications") keys.push(queryKeys.notifications);
  else if (message.topic === "invitations") keys.push(queryKeys.invitations, queryKeys.teams);
  else if (teamTopic.test(message.topic)) {
    // Members, roles, allocations: the team pages, and the plan summary of a member (team quota).
    keys.push(queryKeys.teams, meQueryKey);
  }
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After a (re)connection: whatever a missed message could have changed. */
export function invalidateAll(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryKeys.notifications, queryKeys.invitations, queryKeys.teams, queryKeys.live, meQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export interface ConnectionOptions {
  url: string;
  /** Called once the server has said `system/ready`: the socket receives everything from now on. */
  onReady(): void;
  onMessage(message: RealtimeMessage): void;
  onStatus(status: RealtimeStatus): void;
  /** The server closed the socket because its session has ended (code 4401). */
  onSessionEnded?(): void;
  createSocket?: (url: string) => WebSocket;
}

/** One socket that reconnects with {@link REALTIME_BACKOFF_MS} until stopped. */
export function connectRealtime(options: ConnectionOptions): { stop(): void } {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let stopped = false;

  const open = () => {
    timer = null;
    options.onStatus(failures === 0 ? "connecting" : "reconnecting");
    const ws = create(options.url);
    socket = ws;
    ws.onmessage = (event: MessageEvent) => {
      let message: RealtimeMessage;
      try {
        message = JSON.parse(String(event.data)) as RealtimeMessage;
      } catch {
        return;
      }
      if (!message || typeof message.topic !== "string") return;
      if (message.topic === "system") {
        if (message.type === "ready") {
          failures = 0;
          options.onStatus("open");
          options.onReady();
        }
        return;
      }
      options.onMessage(message);
    };
    ws.onclose = (event: CloseEvent) => {
      if (stopped || socket !== ws) return;
      if (event.code === SESSION_ENDED_CODE) options.onSessionEnded?.();
      socket = null;
      failures += 1;
      options.onStatus("reconnecting");
      timer = setTimeout(open, backoffDelay(failures));
    };
  };

  open();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const ws = socket;
      socket = null;
      if (ws && (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN)) ws.close(1000, "signed out");
      options.onStatus("off");
    },
  };
}

type Listener = (message: RealtimeMessage) => void;

interface RealtimeContextValue {
  status: RealtimeStatus;
  listeners: Set<Listener>;
}

const RealtimeContext = createContext<RealtimeContextValue>({ status: "off", listeners: new Set() });

/** Keeps the socket open while someone is signed in (a new one per user; closed on sign-out). */
export function RealtimeProvider({ children, createSocket }: { children: ReactNode; createSocket?: (url: string) => WebSocket }) {
  const { user, refetch } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>("off");
  const [listeners] = useState(() => new Set<Listener>());
  const createRef = useRef(createSocket);
  const refetchRef = useRef(refetch);
  useEffect(() => {
    refetchRef.current = refetch;
  });

  useEffect(() => {
    if (!userId || typeof WebSocket === "undefined") return;
    const connection = connectRealtime({
      url: realtimeUrl(),
      createSocket: createRef.current,
      onStatus: setStatus,
      // Signed out in another tab, or revoked: re-read the session so the app notices now.
      onSessionEnded: () => void refetchRef.current(),
      onReady: () => void invalidateAll(queryClient),
      onMessage: (message) => {
        void invalidateFor(queryClient, message);
        listeners.forEach((listener) => listener(message));
      },
    });
    return () => connection.stop();
  }, [userId, queryClient, listeners]);

  return <RealtimeContext.Provider value={{ status, listeners }}>{children}</RealtimeContext.Provider>;
}

/** "off" (signed out), "connecting", "open" or "reconnecting". */
export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeContext).status;
}

/** Calls `handler` for every message whose topic starts with `topicPrefix` (e.g. "team:", "invitations"). */
export function useRealtimeMessages(topicPrefix: string, handler: (message: RealtimeMessage) => void): void {
  const { listeners } = useContext(RealtimeContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const listener: Listener = (message) => {
      if (message.topic.startsWith(topicPrefix)) latest.current(message);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listeners, topicPrefix]);
}
