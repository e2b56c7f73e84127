import { clientIp } from "../../../lib/client-ip";
import { createRouter } from "../../../lib/context";
import { rateLimit } from "../../../http/rate-limit";
import { receiveContactMessage } from "../contact-inbox";
import * as routes from "./contact.endpoints";
import { assertNoUnsafeMarkup } from "../../security/sanitize";

export const contactRouter = createRouter();
// Public and writes a row: counted per client address, signed in or not (SPEC §9 contact_form).
contactRouter.use("/api/contact", rateLimit((deps) => deps.limiters.contactForm, "ip"));
contactRouter.openapi(routes.postContact, async (c) => {
  const body = c.req.valid("json");
  assertNoUnsafeMarkup({ name: body.name, message: body.message });
  const deps = c.get("deps");
  // Stored first, then the sender's copy and the SUPPORT_EMAIL copy (decision 024).
  const { id } = await receiveContactMessage(
    { db: deps.db, logger: deps.logger, mailer: deps.mailer, baseUrl: deps.baseUrl, supportEmail: deps.env.SUPPORT_EMAIL },
    { ...body, userId: c.get("user")?.id ?? null, ipAddress: clientIp(c, deps.env.TRUST_PROXY), acceptLanguage: c.req.header("accept-language") },
  );
  return c.json({ id }, 201);
});
