import { Workbox } from "workbox-window";

let registered = false;

/**
 * Who is signed in, read once through the service worker as soon as it controls the page, so its
 * NetworkFirst cache holds them and the app opens with no network (the page's own first reads
 * happened before the worker was there).
 */
const WARM_URLS = ["/api/auth/get-session", "/api/me"];

function warmCaches() {
  for (const url of WARM_URLS) void fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } }).catch(() => {});
}

/**
 * Registers the PWA's service worker (vite-plugin-pwa's generated /sw.js: app shell precached,
 * /driver navigations answered offline, the driver's routes and map tiles cached). Only in a
 * production build, and only once; the first visit to /driver installs it.
 */
export function registerDriverServiceWorker(): void {
  if (registered || !import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  registered = true;
  if (navigator.serviceWorker.controller) warmCaches();
  else navigator.serviceWorker.addEventListener("controllerchange", warmCaches, { once: true });
  void new Workbox("/sw.js", { scope: "/" }).register().catch(() => {
    registered = false;
  });
}
