import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/context";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built SPA from `root`: real files as they are (hashed assets cached for a year),
 * and index.html for any other GET that is not under /api (client-side routing).
 */
export function staticSpa(root: string): MiddlewareHandler<AppEnv> {
  const base = path.resolve(root);
  const indexFile = path.join(base, "index.html");
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const pathname = decodeURIComponent(new URL(c.req.url).pathname);
    if (pathname === "/api" || pathname.startsWith("/api/")) return next();
    const candidate = path.resolve(base, `.${pathname}`);
    if (candidate.startsWith(base + path.sep) && (await isFile(candidate))) {
      const ext = path.extname(candidate).toLowerCase();
      const immutable = pathname.startsWith("/assets/");
      return c.body(await readFile(candidate), 200, {
        "Content-Type": types[ext] ?? "application/octet-stream",
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
      });
    }
    if (!(await isFile(indexFile))) return next();
    return c.body(await readFile(indexFile), 200, { "Content-Type": types[".html"]!, "Cache-Control": "no-cache" });
  };
}
