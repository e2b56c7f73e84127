import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the Stripe client sent: method, path, form-decoded params and headers. */
export interface StripeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: IncomingMessage["headers"];
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>, for STRIPE_API_BASE. */
  base: string;
  requests: StripeRequest[];
  /** Makes the next requests answer this HTTP status with a Stripe error body. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_test${String(++counter).padStart(6, "0")}`;

/**
 * A tiny stand-in for api.stripe.com answering the endpoints RoutePilot uses, in Stripe's
 * documented JSON shapes, and recording every request (stripe-node sends form-encoded bodies,
 * e.g. `subscription_data[metadata][userId]=…`).
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  let failure: number | null = null;
  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const params = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : body));
    requests.push({ method: req.method ?? "GET", path: url.pathname, params, headers: req.headers });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": nextId("req") });
      res.end(JSON.stringify(json));
    };
    if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_")) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    if (failure) return send(failure, { error: { type: "api_error", message: "Something went wrong" } });
    const created = Math.floor(Date.now() / 1000);
    const route = `${req.method} ${url.pathname}`;
    if (route === "POST /v1/checkout/sessions") {
      const id = nextId("cs");
      return send(200, {
        id,
        object: "checkout.session",
        mode: params.mode,
        client_reference_id: params.client_reference_id ?? null,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        status: "open",
        created,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      });
    }
    if (route === "POST /v1/billing_portal/sessions") {
      const id = nextId("bps");
      return send(200, { id, object: "billing_portal.session", customer: params.customer, return_url: params.return_url ?? null, created, livemode: false, url: `https://billing.stripe.com/p/session/${id}` });
    }
    if (route === "POST /v1/customers") {
      return send(200, { id: nextId("cus"), object: "customer", email: params.email ?? null, created, metadata: {} });
    }
    if (route === "POST /v1/invoiceitems") {
      return send(200, {
        id: nextId("ii"),
        object: "invoiceitem",
        amount: Number(params.amount),
        currency: params.currency,
        customer: params.customer,
        description: params.description ?? null,
        date: created,
        invoice: null,
        metadata: {},
      });
    }
    return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${route})` } });
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    failWith(status) {
      failure = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
