import { Workbox } from "workbox-window";

let registered = false;

/**
 * Registers the PWA's service worker (vite-plugin-pwa's generated /sw.js: app shell precached,
 * /driver navigations answered offline, the driver's routes and map tiles cached). Only in a
 * production build, and only once; the first visit to /driver installs it.
 */
export function registerDriverServiceWorker(): void {
  if (registered || !import.meta.env.PROD || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  registered = true;
  void new Workbox("/sw.js", { scope: "/" }).register().catch(() => {
    registered = false;
  });
}
