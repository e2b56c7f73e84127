/** Messages of the browser-facing protections (CSRF origin check, CSP reports), defined once. */
export const webSecurityMessages = {
  /** A state-changing API request sent by a page of another site (DESIGN §8: beyond SameSite=lax). */
  crossSiteRequest: "This request came from another website and was refused. Open RoutePilot itself and try again.",
  notCspReport: "Not a CSP violation report",
} as const;

/** Largest CSP violation report body accepted by POST /api/csp-report. */
export const CSP_REPORT_MAX_BYTES = 64 * 1024;
