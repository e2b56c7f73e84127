import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A request as the fake server saw it. */
export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when the request arrived. */
  at: number;
}

/** What the fake server answers: JSON, raw text, or nothing until `delayMs` has passed. */
export interface FakeResponse {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
}

export interface FakeServer {
  baseUrl: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** Starts an HTTP server on 127.0.0.1 (random port) that answers with `handler`. For provider tests: never the internet. */
export async function startFakeServer(handler: (req: FakeRequest) => FakeResponse | Promise<FakeResponse>): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request: FakeRequest = {
        method: req.method ?? "GET",
        url: new URL(req.url ?? "/", "http://127.0.0.1"),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      requests.push(request);
      void Promise.resolve(handler(request)).then(async (answer) => {
        if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
        if (res.destroyed) return;
        const body = answer.text ?? (answer.json === undefined ? "" : JSON.stringify(answer.json));
        res.writeHead(answer.status ?? 200, { "Content-Type": answer.text !== undefined ? "text/plain" : "application/json" });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
