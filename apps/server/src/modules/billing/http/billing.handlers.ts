import { createRouter, requireUser } from "../../../lib/context";
import { rateLimit } from "../../../http/rate-limit";
import { listOverageCharges } from "../../admin/admin";
import { billingPlans, createCheckoutSession, createPortalSession, getBillingAccount } from "../billing";
import { handleWebhookEvent, verifyWebhook } from "../webhook";
import * as routes from "./billing.endpoints";

export const billingRouter = createRouter();
// SPEC §9 payment: sessions per user per minute, before any input validation.
billingRouter.use("/api/billing/checkout", rateLimit((deps) => deps.limiters.payment));
billingRouter.use("/api/billing/portal", rateLimit((deps) => deps.limiters.payment));

billingRouter.openapi(routes.postCheckout, async (c) => {
  const user = requireUser(c);
  return c.json(await createCheckoutSession(c.get("deps"), user, c.req.valid("json").tier), 200);
});

billingRouter.openapi(routes.postPortal, async (c) => {
  const user = requireUser(c);
  return c.json(await createPortalSession(c.get("deps"), user), 200);
});

billingRouter.openapi(routes.postWebhook, async (c) => {
  const deps = c.get("deps");
  // The signature covers the exact bytes sent: read the raw text, never re-serialised JSON.
  const event = verifyWebhook(deps.env, await c.req.text(), c.req.header("stripe-signature"));
  const outcome = await handleWebhookEvent(deps, event);
  deps.logger.info({ stripeEvent: event.id, type: event.type, outcome }, "Stripe webhook");
  return c.json({ received: true as const, outcome }, 200);
});

billingRouter.openapi(routes.getSubscription, async (c) => {
  const user = requireUser(c);
  return c.json(await getBillingAccount(c.get("deps"), user), 200);
});

billingRouter.openapi(routes.getOverageCharges, async (c) => {
  const user = requireUser(c);
  return c.json({ charges: await listOverageCharges(c.get("deps").db, user.id, c.req.valid("query").limit) }, 200);
});

billingRouter.openapi(routes.getPlans, (c) => c.json(billingPlans(c.get("deps").env), 200));
