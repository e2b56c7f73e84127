import { bodyLimit } from "hono/body-limit";
import { RateLimiterRes } from "rate-limiter-flexible";
import { CSP_REPORT_MAX_BYTES, webSecurityMessages } from "@routepilot/contracts";
import { cspReports } from "@routepilot/db";
import { clientIp } from "../../lib/client-ip";
import { createRouter } from "../../lib/context";
import { InvalidJsonError, PayloadTooLargeError, RateLimitedError, ValidationError } from "../../lib/errors";
import * as routes from "./csp-report.routes";

/** Reports kept from one request (a page may batch several). */
const MAX_REPORTS_PER_REQUEST = 20;
const MAX_FIELD_CHARS = 2_048;

/** A string PostgreSQL stores: no NUL characters, no unpaired surrogates (jsonb refuses both), at most `max` characters. */
function storable(text: string, max: number): string {
  return text
    .slice(0, max)
    .replaceAll("\u0000", "")
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** The value with storable strings cut to 2,048 characters, at most 8 levels deep. */
function clean(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return storable(value, MAX_FIELD_CHARS);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return Number.isFinite(value) || typeof value !== "number" ? value : null;
  if (depth >= 8 || typeof value !== "object") return null;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => clean(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, 50)
      .map(([k, v]) => [storable(k, 200), clean(v, depth + 1)]),
  );
}

const text = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : null);

interface StoredReport {
  documentUri: string | null;
  violatedDirective: string | null;
  blockedUri: string | null;
  report: Record<string, unknown>;
}

/** The CSP violations in a body: report-uri's {"csp-report": {…}} or the Reporting API's [{type: "csp-violation", body}]. */
export function cspViolations(parsed: unknown): StoredReport[] | null {
  if (Array.isArray(parsed)) {
    return parsed
      .filter((r): r is { type: string; body: Record<string, unknown> } => !!r && typeof r === "object" && (r as { type?: unknown }).type === "csp-violation" && typeof (r as { body?: unknown }).body === "object" && (r as { body?: unknown }).body !== null)
      .slice(0, MAX_REPORTS_PER_REQUEST)
      .map((r) => {
        const report = clean(r) as Record<string, unknown>;
        const body = report.body as Record<string, unknown>;
        return { documentUri: text(body.documentURL), violatedDirective: text(body.effectiveDirective) ?? text(body.violatedDirective), blockedUri: text(body.blockedURL), report };
      });
  }
  if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
    const inner = (parsed as Record<string, unknown>)["csp-report"];
    if (!inner || typeof inner !== "object" || Array.isArray(inner)) return null;
    const report = clean(parsed) as Record<string, unknown>;
    const r = report["csp-report"] as Record<string, unknown>;
    return [{ documentUri: text(r["document-uri"]), violatedDirective: text(r["violated-directive"]) ?? text(r["effective-directive"]), blockedUri: text(r["blocked-uri"]), report }];
  }
  return null;
}

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
cspReportRouter.use(routes.postCspReport.path, async (c, next) => {
  const deps = c.get("deps");
  try {
    await deps.limiters.cspReport?.consume(clientIp(c, deps.env.TRUST_PROXY));
  } catch (error) {
    if (error instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)), 1, "csp_report");
    throw error;
  }
  await next();
});
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
  if (reports.length > 0) {
    const userAgent = storable(c.req.header("user-agent") ?? "", 512) || null;
    const ipAddress = clientIp(c, deps.env.TRUST_PROXY);
    await deps.db.insert(cspReports).values(reports.map((r) => ({ ...r, userAgent, ipAddress })));
    deps.logger.warn({ count: reports.length, directive: reports[0]!.violatedDirective, blocked: reports[0]!.blockedUri }, "CSP violation reported");
  }
  return c.body(null, 204);
});
