/// <reference types="vitest/config" />
import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";

/**
 * The driver app is an installable PWA (issue 12): a manifest that starts at /driver, and a
 * Workbox service worker (registered by the driver page) that precaches the app shell, answers
 * navigations to /driver offline, and keeps the driver's route and the map tiles for a dead zone.
 * The API is never answered with the app shell. Off under Vitest.
 */
const pwa = VitePWA({
  registerType: "autoUpdate",
  injectRegister: false,
  includeAssets: ["favicon.svg", "apple-touch-icon.png", "theme-init.js"],
  manifest: {
    name: "RoutePilot Driver",
    short_name: "RoutePilot",
    description: "Your route of the day, stop by stop, with proof of delivery — also without a connection.",
    id: "/driver",
    start_url: "/driver",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#0f172a",
    theme_color: "#1d4ed8",
    icons: [
      { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png" },
      { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png" },
      { src: "/pwa-maskable-512x512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: "/index.html",
    // Workbox matches these against the path and the query: /driver?date=… (a day's route) opens offline too.
    navigateFallbackAllowlist: [/^\/driver(\/|\?|$)/],
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // The first visit's page is controlled at once, so /driver opens offline from then on.
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        // The driver's routes: fresh when online, the last answer in a dead zone.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === "/api/driver/routes",
        handler: "NetworkFirst",
        method: "GET",
        options: { cacheName: "driver-routes", networkTimeoutSeconds: 5, expiration: { maxEntries: 14 }, cacheableResponse: { statuses: [200] } },
      },
      {
        // Who is signed in, so the driver app can open with no network after a reload.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && (url.pathname === "/api/auth/get-session" || url.pathname === "/api/me"),
        handler: "NetworkFirst",
        method: "GET",
        options: { cacheName: "driver-session", networkTimeoutSeconds: 5, expiration: { maxEntries: 4 }, cacheableResponse: { statuses: [200] } },
      },
      {
        // The offline base map's roads around the route.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === "/api/basemap/roads",
        handler: "StaleWhileRevalidate",
        method: "GET",
        options: { cacheName: "basemap-roads", expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 }, cacheableResponse: { statuses: [200] } },
      },
      {
        // Map tiles (OpenStreetMap's or VITE_TILE_URL's server).
        urlPattern: ({ request, sameOrigin }) => !sameOrigin && request.destination === "image" && /\/\d+\/\d+\/\d+(@2x)?\.(png|jpg|jpeg|webp)(\?|$)/.test(request.url),
        handler: "CacheFirst",
        method: "GET",
        options: { cacheName: "map-tiles", expiration: { maxEntries: 1000, maxAgeSeconds: 14 * 24 * 3600 }, cacheableResponse: { statuses: [0, 200] } },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), ...(process.env.VITEST ? [] : [pwa])],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true } },
  },
  // `npx vite preview` serves dist/ with the same /api proxy as the dev server.
  preview: {
    port: 4173,
    proxy: { "/api": { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true } },
  },
  build: { outDir: "dist", sourcemap: true },
  test: {
    name: "web",
    root: fileURLToPath(new URL(".", import.meta.url)),
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test/setup.ts"],
    // Whole-page journeys type into several fields; on a loaded 2-core CI machine they can take
    // longer than the default 5 s without anything being wrong.
    testTimeout: 20_000,
  },
});
