import { cspReports, type Database } from "@routepilot/db";
import type { Logger } from "../../lib/logger";

/**
 * CSP violation reports from browsers (decision 011): both formats parsed, every string cut to
 * what PostgreSQL stores, at most 20 reports kept per request.
 */

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

/** Stores a request's reports with the sender's user agent (cut to 512 characters) and address. */
export async function storeCspReports(db: Database, logger: Logger, reports: StoredReport[], from: { userAgent: string | undefined; ipAddress: string }): Promise<void> {
  if (reports.length === 0) return;
  const userAgent = storable(from.userAgent ?? "", 512) || null;
  await db.insert(cspReports).values(reports.map((r) => ({ ...r, userAgent, ipAddress: from.ipAddress })));
  logger.warn({ count: reports.length, directive: reports[0]!.violatedDirective, blocked: reports[0]!.blockedUri }, "CSP violation reported");
}
