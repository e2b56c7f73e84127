import type { RealtimeMessage } from "@/lib/realtime";

/** A stand-in for the realtime WebSocket that a test drives: `<RealtimeProvider createSocket={createFakeSocket}>`, then `FakeSocket.latest!.receive(…)`. */
export class FakeSocket {
  static latest: FakeSocket | null = null;
  readyState: number = WebSocket.CONNECTING;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  constructor() {
    FakeSocket.latest = this;
  }
  receive(message: RealtimeMessage) {
    this.readyState = WebSocket.OPEN;
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  /** The server's `system/ready`: the provider refetches what a missed message could have changed. */
  ready() {
    this.receive({ topic: "system", type: "ready", data: { userId: "u1" } });
  }
  close() {
    this.readyState = WebSocket.CLOSED;
  }
}

export const createFakeSocket = () => new FakeSocket() as unknown as WebSocket;
