import { contactMessages } from "@routepilot/db";
import { clientIp } from "../../lib/client-ip";
import { createRouter } from "../../lib/context";
import { rateLimit } from "../../middleware/rate-limit";
import * as routes from "./contact.routes";
import { assertNoUnsafeMarkup } from "../../security/sanitize";

export const contactRouter = createRouter();
// Public and writes a row: counted per client address, signed in or not (SPEC §9 contact_form).
contactRouter.use("/api/contact", rateLimit((deps) => deps.limiters.contactForm, "ip"));
contactRouter.openapi(routes.postContact, async (c) => {
  const body = c.req.valid("json");
  assertNoUnsafeMarkup({ name: body.name, message: body.message });
  const { db, logger } = c.get("deps");
  const [row] = await db
    .insert(contactMessages)
    .values({
      userId: c.get("user")?.id ?? null,
      name: body.name,
      email: body.email,
      topic: body.topic,
      message: body.message,
      ipAddress: clientIp(c, c.get("deps").env.TRUST_PROXY),
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message insert returned no row");
  logger.info({ contactId: row.id, topic: body.topic }, "contact message received");
  return c.json({ id: row.id }, 201);
});
