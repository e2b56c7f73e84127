import Stripe from "stripe";
import type { PaidTier } from "@routepilot/contracts";
import type { Env } from "../../lib/env";
import { BillingNotConfiguredError, StripeUnavailableError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";

/** The Stripe client (official SDK, decision 013), the configured prices, and calls that turn an outage into a 503. */

const clients = new WeakMap<Env, Stripe>();

/** The Stripe client for this configuration, or null when STRIPE_SECRET_KEY is unset. */
export function stripeClient(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  let client = clients.get(env);
  if (!client) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? { host: base.hostname, port: base.port || (base.protocol === "http:" ? 80 : 443), protocol: base.protocol === "http:" ? "http" : "https" }
        : {}),
    });
    clients.set(env, client);
  }
  return client;
}

export function requireStripe(env: Env): Stripe {
  const client = stripeClient(env);
  if (!client) throw new BillingNotConfiguredError();
  return client;
}

/** The STRIPE_PRICE_* map: tier → price id (only the configured ones). */
export function priceIds(env: Env): Partial<Record<PaidTier, string>> {
  const map: Partial<Record<PaidTier, string>> = {};
  if (env.STRIPE_PRICE_PREMIUM) map.premium = env.STRIPE_PRICE_PREMIUM;
  if (env.STRIPE_PRICE_ENTERPRISE) map.enterprise = env.STRIPE_PRICE_ENTERPRISE;
  if (env.STRIPE_PRICE_FLEET_PRO) map.fleet_pro = env.STRIPE_PRICE_FLEET_PRO;
  return map;
}

export function tierOfPrice(env: Env, priceId: string): PaidTier | null {
  const entry = Object.entries(priceIds(env)).find(([, id]) => id === priceId);
  return entry ? (entry[0] as PaidTier) : null;
}

/** Calls Stripe; a failure is logged (message and type only: never the key) and becomes a 502. */
export async function callStripe<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const e = error as { type?: string; code?: string; statusCode?: number; message?: string };
    logger.error({ stripe: { type: e.type, code: e.code, statusCode: e.statusCode }, what }, "Stripe request failed");
    throw new StripeUnavailableError();
  }
}

