/// <reference types="vitest/config" />
import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
