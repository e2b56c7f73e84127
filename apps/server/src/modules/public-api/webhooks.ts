// API job webhooks: a POST with an HMAC-SHA256 signature, only to public hosts (SSRF).
import { createHmac } from "node:crypto";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { ValidationError } from "../../lib/errors";

export const WEBHOOK_SIGNATURE_HEADER = "X-RoutePilot-Signature";
export const WEBHOOK_TIMESTAMP_HEADER = "X-RoutePilot-Timestamp";
const TIMEOUT_MS = 10_000;

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  privateRanges.addSubnet(net, prefix, "ipv6");
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** True for an address a webhook must not reach (private, link-local, multicast; loopback unless allowed). */
export function isRefusedAddress(address: string, allowLoopback: boolean): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? "ipv6" : "ipv4";
  if (loopback.check(ip, family)) return !allowLoopback;
  return privateRanges.check(ip, family);
}

const refused = () => new ValidationError("webhook_url must be a public http(s) address", { webhook_url: "must be a public http(s) address" });

/** Checks a webhook_url: http(s), and every address its host resolves to is public. */
export async function checkWebhookUrl(value: unknown, allowLoopback: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new ValidationError("webhook_url must be an http(s) URL", { webhook_url: "must be an http(s) URL" });
  }
  if (typeof value !== "string" || value.length > 2000 || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) {
    throw new ValidationError("webhook_url must be an http(s) URL", { webhook_url: "must be an http(s) URL" });
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true }).then((list) => list.map((a) => a.address), () => [] as string[]);
  if (addresses.length === 0 || addresses.some((a) => isRefusedAddress(a, allowLoopback))) throw refused();
  return url;
}

/** The signature of a delivery: hex HMAC-SHA256 of `${timestamp}.${body}` under the job's webhook secret. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** POSTs the body once (10 s timeout, no redirects), after checking the host again (DNS may have changed). */
export async function sendWebhook(urlText: string, body: string, secret: string, allowLoopback: boolean): Promise<void> {
  const url = await checkWebhookUrl(urlText, allowLoopback);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { "content-type": "application/json", [WEBHOOK_TIMESTAMP_HEADER]: timestamp, [WEBHOOK_SIGNATURE_HEADER]: `sha256=${signWebhook(secret, timestamp, body)}` },
    body,
  });
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
