import { createRoute, z } from "@hono/zod-openapi";
import { createFormatter, PUBLIC_API_LIMITS } from "@routepilot/contracts";
import { ErrorResponse, jsonError, rateLimited } from "../../../lib/openapi";
import { API_KEY_SCHEME, VroomErrorSchema, VroomInputSchema, VroomOutputSchema } from "./api-v1.endpoints";
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from "../webhooks";

const tags = ["Public API"];
/** The OpenAPI document is English, with English numbers ("10,000"). */
const english = createFormatter({ language: "en", timeZone: "UTC", unit: "km" });
const security = [{ [API_KEY_SCHEME]: [] }];
const JobParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" }, description: "The id POST /api/v1/jobs answered" }) });

export const ApiJobSchema = z
  .object({
    id: z.string(),
    status: z.enum(["queued", "running", "done", "failed", "cancelled"]),
    progress: z.number().min(0).max(1).openapi({ description: "0–1: the share of the search time spent" }),
    result: z
      .union([VroomOutputSchema, VroomErrorSchema])
      .optional()
      .openapi({ description: "Once done: the VROOM output (each route used one route of your quota). Once failed: VROOM's `{ code, error }`" }),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi("ApiJob");

const JobInputSchema = VroomInputSchema.extend({
  webhook_url: z
    .string()
    .optional()
    .openapi({
      description: `Called once with POST { id, status, finished_at } when the job ends. Headers ${WEBHOOK_TIMESTAMP_HEADER} (Unix seconds) and ${WEBHOOK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" under the job's webhook_secret>. Public http(s) hosts only`,
    }),
}).openapi("VroomJobInput");

const vroomError = (description: string) => ({ content: { "application/json": { schema: VroomErrorSchema } }, description });
const notFound = { 404: jsonError("No such job among yours") };
const unauthenticated = { 401: jsonError("Missing, unknown, expired or revoked API key") };

export const submitJob = createRoute({
  method: "post",
  path: "/api/v1/jobs",
  tags,
  summary: `Queue a VROOM problem of any size up to ${english.number(PUBLIC_API_LIMITS.maxTasks)} jobs + shipments; read it with GET /api/v1/jobs/{id}. Routes are charged to your quota once, when it is done`,
  security,
  request: { body: { content: { "application/json": { schema: JobInputSchema } }, required: true } },
  responses: {
    202: {
      content: { "application/json": { schema: z.object({ id: z.string(), webhook_secret: z.string().optional().openapi({ description: "With webhook_url: the key of its signatures (shown only here)" }) }) } },
      description: "Accepted: queued",
    },
    400: vroomError("Invalid input or webhook_url: VROOM code 2 and a message naming the field"),
    ...unauthenticated,
    402: { content: { "application/json": { schema: ErrorResponse } }, description: "Monthly route quota used up and no payment method" },
    413: vroomError(`More than ${english.number(PUBLIC_API_LIMITS.maxTasks)} tasks: split the problem`),
    429: rateLimited("Your plan's request limits (SPEC §9) were reached"),
  },
});

export const getJob = createRoute({
  method: "get",
  path: "/api/v1/jobs/{id}",
  tags,
  summary: "A job's status (queued, running, done, failed, cancelled), progress and, once it has ended, its result. Kept 7 days after it ends",
  security,
  request: { params: JobParam },
  responses: { 200: { content: { "application/json": { schema: ApiJobSchema } }, description: "The job" }, ...unauthenticated, ...notFound },
});

export const cancelJob = createRoute({
  method: "delete",
  path: "/api/v1/jobs/{id}",
  tags,
  summary: "Cancel a queued or running job (nothing is charged); a job that has ended is answered as it is",
  security,
  request: { params: JobParam },
  responses: { 200: { content: { "application/json": { schema: ApiJobSchema } }, description: "The job after cancelling" }, ...unauthenticated, ...notFound },
});
