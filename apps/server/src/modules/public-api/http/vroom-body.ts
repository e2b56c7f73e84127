import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../../lib/context";

/** How the public API's VROOM endpoints (optimize and jobs) answer a bad body: VROOM's own error shape. */

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
