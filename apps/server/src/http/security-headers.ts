import type { Context, MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../lib/context";

/** Where browsers send CSP violation reports (report-uri, and the Reporting API's endpoint). */
export const CSP_REPORT_PATH = "/api/csp-report";
const REPORT_GROUP = "csp-endpoint";
/** The web app's default base-map tiles (apps/web/src/lib/map/tiles.ts). */
export const DEFAULT_TILE_ORIGIN = "https://tile.openstreetmap.org";

/** The origin of the tile server the built web app uses: VITE_TILE_URL's ("none": no tiles), else OpenStreetMap's. */
export function tileOrigin(tileUrl: string | undefined): string | null {
  const url = tileUrl?.trim();
  if (url === "none") return null;
  if (!url) return DEFAULT_TILE_ORIGIN;
  // The template's {s} subdomain placeholder is not valid in a URL: read the scheme and host by hand.
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url);
  if (!match) return null;
  return `${match[1]!.toLowerCase()}://${match[2]!.replace(/\{s\}/g, "*").toLowerCase()}`;
}

export interface SecurityHeaderOptions {
  /** HSTS: only when the site is served over HTTPS (production, or an https BASE_URL). */
  https: boolean;
  /** VITE_TILE_URL the web app was built with (img-src and connect-src allow its origin). */
  tileUrl?: string | undefined;
  /** The origin this request was sent to, for the WebSocket source of connect-src. */
  selfOrigin: (c: Context<AppEnv>) => string | undefined;
}

/**
 * The response headers of every answer (DESIGN §8, SPEC §8): a Content-Security-Policy that
 * allows only this origin's scripts (the theme script is a file, not inline), inline styles (React
 * style attributes and Leaflet's positioning), images from here, data:/blob: (photo previews) and
 * the map tiles, connections to this origin and its WebSocket; no framing; violations reported to
 * /api/csp-report. HSTS over HTTPS only; Referrer-Policy strict-origin-when-cross-origin;
 * Permissions-Policy allowing geolocation (the driver app) and the camera (proof photos) to this
 * origin and nothing else.
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<AppEnv> {
  const tiles = tileOrigin(options.tileUrl);
  const webSocketOf = (c: Context) => {
    const self = options.selfOrigin(c as Context<AppEnv>);
    return self ? self.replace(/^http/, "ws") : "";
  };
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:", ...(tiles ? [tiles] : [])],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", webSocketOf, ...(tiles ? [tiles] : [])],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      reportUri: [CSP_REPORT_PATH],
      reportTo: REPORT_GROUP,
    },
    reportingEndpoints: [{ name: REPORT_GROUP, url: CSP_REPORT_PATH }],
    reportTo: [{ group: REPORT_GROUP, max_age: 10_886_400, endpoints: [{ url: CSP_REPORT_PATH }] }],
    crossOriginEmbedderPolicy: false,
    // A handler's own stricter header stays (the tracking page sends Referrer-Policy: no-referrer).
    overwrite: false,
    xFrameOptions: "DENY",
    strictTransportSecurity: options.https ? "max-age=31536000; includeSubDomains" : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    permissionsPolicy: {
      geolocation: ["self"],
      camera: ["self"],
      microphone: [],
      payment: [],
      usb: [],
      serial: [],
      bluetooth: [],
      midi: [],
      magnetometer: [],
      gyroscope: [],
      accelerometer: [],
      browsingTopics: [],
    },
  });
}
