import type { z } from "@hono/zod-openapi";
import { createRouter, requireUser } from "../../../lib/context";
import { vroomJsonBody, vroomValidationHook } from "./vroom-body";
import { rateLimit } from "../../../http/rate-limit";
import { optimizeVroom } from "../optimize";
import { VroomInputError } from "../../../lib/errors";
import * as routes from "./api-v1.endpoints";

export const apiV1Router = createRouter();
apiV1Router.openAPIRegistry.registerComponent("securitySchemes", routes.API_KEY_SCHEME, {
  type: "http",
  scheme: "bearer",
  description: "An API key from Settings → API keys: `Authorization: Bearer rp_…`. It works on /api/v1/* only.",
});
apiV1Router.use("/api/v1/optimize", rateLimit((deps) => deps.limiters.routeOptimization));
apiV1Router.post("/api/v1/optimize", vroomJsonBody);
apiV1Router.openapi(
  routes.optimize,
  async (c) => {
    const user = requireUser(c);
    const deps = c.get("deps");
    try {
      const result = await optimizeVroom(deps, user, c.req.valid("json"));
      // VroomOutput (packages/solver) is the documented schema's shape; its optional fields are always set on code 0.
      return result.status === 200 ? c.json(result.body as unknown as z.infer<typeof routes.VroomOutputSchema>, 200) : c.json(result.body, result.status);
    } catch (error) {
      if (error instanceof VroomInputError) return c.json(error.body, error.status as 400 | 413);
      throw error;
    }
  },
  vroomValidationHook,
);
