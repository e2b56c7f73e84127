import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/context";
import { ValidationError } from "../lib/errors";

const IMMUTABLE = "public, max-age=31536000, immutable";

/** Vite's hashed bundle folder: its files never change under one name, and a missing one is a 404. */
const isAsset = (pathname: string) => pathname.startsWith("/assets/");

/**
 * Serves the built SPA from `root` with @hono/node-server's serveStatic: real files as they are
 * (hashed assets cached for a year), a JSON 404 for a missing asset, and index.html for any other
 * GET or HEAD outside /api (client-side routing). serveStatic refuses dot segments, encoded
 * slashes and backslashes, so nothing outside `root` is reachable; a path that is not valid
 * percent-encoding is a 400.
 */
export function staticSpa(root: string): MiddlewareHandler<AppEnv> {
  const base = path.resolve(root);
  const files = serveStatic<AppEnv>({ root: base });
  const index = serveStatic<AppEnv>({ root: base, path: "index.html" });
  const none = async () => {};
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const pathname = new URL(c.req.url).pathname;
    if (pathname === "/api" || pathname.startsWith("/api/")) return next();
    try {
      decodeURIComponent(pathname);
    } catch {
      throw new ValidationError("The request path is not valid percent-encoding");
    }
    const file = await files(c, none);
    if (file) {
      file.headers.set("Cache-Control", isAsset(pathname) ? IMMUTABLE : "no-cache");
      return file;
    }
    if (isAsset(pathname)) return next();
    const page = await index(c, none);
    if (!page) return next();
    page.headers.set("Cache-Control", "no-cache");
    return page;
  };
}
