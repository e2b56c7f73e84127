import { InvalidProblemError } from "@routepilot/solver";
import { createRouter, requireUser } from "../../../lib/context";
import { ValidationError, VroomInputError } from "../../../lib/errors";
import { rateLimit } from "../../../http/rate-limit";
import { cancelApiJob, getApiJob, serverSecretOf, submitApiJob, type ApiJobView } from "../api-jobs";
import { vroomJsonBody, vroomValidationHook } from "./vroom-body";
import * as routes from "./api-v1-jobs.endpoints";

// The view's result is VROOM JSON as stored; the OpenAPI schema documents its shape.
const asJob = (job: ApiJobView) => job as never;

/** Asynchronous optimisation jobs (issue 15): submit, read, cancel; the queue's consumers solve them. */
export const apiV1JobsRouter = createRouter();
apiV1JobsRouter.use("/api/v1/jobs", rateLimit((deps) => deps.limiters.routeOptimization));
apiV1JobsRouter.post("/api/v1/jobs", vroomJsonBody);
apiV1JobsRouter
  .openapi(
    routes.submitJob,
    async (c) => {
      const deps = c.get("deps");
      try {
        const created = await submitApiJob({ ...deps, serverSecret: serverSecretOf(deps) }, requireUser(c), c.get("apiKeyId") ?? null, c.req.valid("json"));
        return c.json(created, 202);
      } catch (error) {
        if (error instanceof VroomInputError) return c.json(error.body, error.status as 400 | 413);
        if (error instanceof InvalidProblemError) return c.json({ code: 2, error: error.message }, 400);
        if (error instanceof ValidationError) return c.json({ code: 2, error: error.message }, 400);
        throw error;
      }
    },
    vroomValidationHook,
  )
  .openapi(routes.getJob, async (c) => c.json(asJob(await getApiJob(c.get("deps"), requireUser(c), c.req.valid("param").id)), 200))
  .openapi(routes.cancelJob, async (c) => c.json(asJob(await cancelApiJob(c.get("deps"), requireUser(c), c.req.valid("param").id)), 200));
