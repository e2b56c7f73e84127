import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { renderStartupFailure } from "@/components/errors/startup-failure";
import "./index.css";

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
