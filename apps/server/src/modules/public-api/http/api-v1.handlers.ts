import type { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { createRouter, requireUser, type AppEnv } from "../../lib/context";
import { rateLimit } from "../../middleware/rate-limit";
import { optimizeVroom } from "../../services/public-api/optimize";
import { VroomInputError } from "../../lib/errors";
import * as routes from "./api-v1.routes";

/** A body that is not JSON: VROOM's code 2, not the app's INVALID_JSON shape (the body is parsed once, here). */
export const vroomJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await c.req.json();
  } catch (error) {
    return c.json({ code: 2, error: `Invalid JSON: ${error instanceof Error ? error.message.slice(0, 200) : "unreadable body"}` }, 400);
  }
  await next();
};

/** A request body that does not fit the documented schema: VROOM's code 2 naming the first bad field. */
export function vroomValidationHook(result: { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }, c: { json: (body: unknown, status: 400) => Response }) {
  if (result.success) return undefined;
  const issue = result.error?.issues[0];
  const field = (issue?.path ?? []).map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("").replace(/^\./, "") || "input";
  // Typed as never: a hook's early answer need not match the route's success type.
  return c.json({ code: 2, error: `${field}: ${issue?.message ?? "is invalid"}` }, 400) as never;
}

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
