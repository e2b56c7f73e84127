import { bodyLimit } from "hono/body-limit";
import { CSP_REPORT_MAX_BYTES, webSecurityMessages } from "@routepilot/contracts";
import { clientIp } from "../../../lib/client-ip";
import { createRouter } from "../../../lib/context";
import { InvalidJsonError, PayloadTooLargeError, ValidationError } from "../../../lib/errors";
import { addressRateLimit } from "../../../http/rate-limit";
import { cspViolations, storeCspReports } from "../csp-reports";
import * as routes from "./csp-report.endpoints";

export const cspReportRouter = createRouter();
cspReportRouter.use(
  routes.postCspReport.path,
  bodyLimit({
    maxSize: CSP_REPORT_MAX_BYTES,
    onError: () => {
      throw new PayloadTooLargeError(CSP_REPORT_MAX_BYTES);
    },
  }),
);
cspReportRouter.use(routes.postCspReport.path, addressRateLimit((deps) => deps.limiters.cspReport, "csp_report"));
cspReportRouter.openapi(routes.postCspReport, async (c) => {
  const deps = c.get("deps");
  let parsed: unknown;
  try {
    parsed = JSON.parse(await c.req.text());
  } catch {
    throw new InvalidJsonError();
  }
  const reports = cspViolations(parsed);
  if (reports === null) throw new ValidationError(webSecurityMessages.notCspReport, { body: webSecurityMessages.notCspReport });
  await storeCspReports(deps.db, deps.logger, reports, { userAgent: c.req.header("user-agent"), ipAddress: clientIp(c, deps.env.TRUST_PROXY) });
  return c.body(null, 204);
});
