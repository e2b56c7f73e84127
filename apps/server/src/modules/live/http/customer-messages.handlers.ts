import { createRouter, requireUser } from "../../../lib/context";
import { getCustomerMessages, putCustomerMessages } from "../customer-messages";
import * as routes from "./customer-messages.endpoints";

export const customerMessagesRouter = createRouter()
  .openapi(routes.getCustomerMessages, async (c) => {
    const user = requireUser(c);
    return c.json(await getCustomerMessages(c.get("deps"), user, c.req.valid("param").teamId), 200);
  })
  .openapi(routes.putCustomerMessages, async (c) => {
    const user = requireUser(c);
    return c.json(await putCustomerMessages(c.get("deps"), user, c.req.valid("param").teamId, c.req.valid("json")), 200);
  });
