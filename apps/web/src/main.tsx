import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { z } from "zod";
import { renderStartupFailure } from "@/components/errors/startup-failure";
import "./index.css";

// The Content-Security-Policy allows no eval (script-src 'self', decision 011): zod must not probe
// `Function` for its JIT compiler (the probe alone reports a violation on every page).
z.config({ jitless: true });

const container = document.getElementById("root");

/** Loads the app; if its code cannot load or it throws while starting, shows "App Failed to Load". */
async function start(root: HTMLElement) {
  try {
    const { App } = await import("@/app/app");
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    renderStartupFailure(root, error);
  }
}

if (container) void start(container);
