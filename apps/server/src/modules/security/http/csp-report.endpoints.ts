import { createRoute, z } from "@hono/zod-openapi";
import { jsonError, rateLimited } from "../../../lib/openapi";

/** report-uri's body (application/csp-report); fields are the browser's, none is required. */
const LegacyReport = z
  .object({ "csp-report": z.record(z.string(), z.unknown()) })
  .openapi("CspReport", { description: "A CSP violation report sent for report-uri: document-uri, violated-directive, blocked-uri, …" });
/** The Reporting API's body (application/reports+json): a list of reports of any type. */
const ReportingApiReports = z
  .array(z.object({ type: z.string().optional(), url: z.string().optional(), body: z.record(z.string(), z.unknown()).optional() }).passthrough())
  .openapi("ReportingApiReports", { description: "Reports sent to Reporting-Endpoints; only type csp-violation is stored" });

export const postCspReport = createRoute({
  method: "post",
  path: "/api/csp-report",
  tags: ["System"],
  summary: "Content-Security-Policy violation reports from browsers (stored in csp_reports; no sign-in, at most 64 KB, limited per address)",
  security: [],
  request: {
    body: {
      content: { "application/csp-report": { schema: LegacyReport }, "application/reports+json": { schema: ReportingApiReports } },
      // Not "required": the JSON schema would then be checked against application/csp-report bodies too.
      required: false,
    },
  },
  responses: {
    204: { description: "Stored (or nothing in it to store)" },
    400: jsonError("Not a JSON CSP report"),
    413: jsonError("Body larger than 64 KB"),
    415: jsonError("Neither application/csp-report nor application/reports+json"),
    429: rateLimited("More than 30 reports a minute from this address; blocked 5 minutes, see Retry-After"),
  },
});
