/** Stable codes for every error this package throws. */
export type GeoErrorCode =
  | "GEO_INVALID_INPUT"
  | "GEO_NO_ROUTE"
  | "GEO_EXTRACT_LOAD"
  | "GEO_PROVIDER_TIMEOUT"
  | "GEO_PROVIDER_HTTP"
  | "GEO_PROVIDER_RESPONSE"
  | "GEO_PROVIDER_NETWORK"
  | "GEO_PROVIDER_BUSY";

/** Base class: every error from packages/geo carries a stable `code`. */
export class GeoError extends Error {
  readonly code: GeoErrorCode;
  constructor(code: GeoErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The caller passed something unusable (unknown profile, fewer than two route points, bad coordinates). */
export class InvalidGeoInputError extends GeoError {
  constructor(message: string) {
    super("GEO_INVALID_INPUT", message);
  }
}

/** A route leg has no path on the road network (different islands, one-way dead ends, point far from roads). */
export class NoRouteError extends GeoError {
  /** Index of the first leg (points[legIndex] → points[legIndex + 1]) without a route. */
  readonly legIndex: number;
  constructor(legIndex: number, message = `No route for leg ${legIndex}`) {
    super("GEO_NO_ROUTE", message);
    this.legIndex = legIndex;
  }
}

/** An .osm.pbf extract could not be read or parsed. */
export class ExtractLoadError extends GeoError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("GEO_EXTRACT_LOAD", message, options);
  }
}

/** An HTTP provider did not answer within its timeout. */
export class ProviderTimeoutError extends GeoError {
  readonly provider: string;
  readonly timeoutMs: number;
  constructor(provider: string, timeoutMs: number) {
    super("GEO_PROVIDER_TIMEOUT", `${provider} did not answer within ${timeoutMs} ms`);
    this.provider = provider;
    this.timeoutMs = timeoutMs;
  }
}

/** An HTTP provider answered with a non-2xx status. */
export class ProviderHttpError extends GeoError {
  readonly provider: string;
  readonly status: number;
  constructor(provider: string, status: number, detail: string) {
    super("GEO_PROVIDER_HTTP", `${provider} answered HTTP ${status}${detail ? `: ${detail}` : ""}`);
    this.provider = provider;
    this.status = status;
  }
}

/** An HTTP provider answered 2xx but the body was not in its documented format, or reported an error in it. */
export class ProviderResponseError extends GeoError {
  readonly provider: string;
  constructor(provider: string, detail: string, options?: { cause?: unknown }) {
    super("GEO_PROVIDER_RESPONSE", `${provider} gave an unusable answer: ${detail}`, options);
    this.provider = provider;
  }
}

/** The provider could not be reached at all (connection refused, DNS failure…). */
export class ProviderNetworkError extends GeoError {
  readonly provider: string;
  constructor(provider: string, detail: string, options?: { cause?: unknown }) {
    super("GEO_PROVIDER_NETWORK", `${provider} could not be reached: ${detail}`, options);
    this.provider = provider;
  }
}

/** Too many requests are already waiting for a rate-limited provider; the caller should try again later. */
export class ProviderBusyError extends GeoError {
  readonly provider: string;
  constructor(provider: string, waiting: number) {
    super("GEO_PROVIDER_BUSY", `${provider} already has ${waiting} requests waiting`);
    this.provider = provider;
  }
}
