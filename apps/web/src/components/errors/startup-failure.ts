import { reloadPage } from "@/lib/browser";

/**
 * SPEC §2 start-up failure: "App Failed to Load". Written with plain DOM calls because React
 * itself may be what failed to load.
 */
export function renderStartupFailure(container: HTMLElement, error: unknown): void {
  console.error("RoutePilot failed to start", error);
  container.replaceChildren();
  const main = document.createElement("main");
  main.setAttribute("role", "alert");
  main.style.cssText =
    "min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:1rem;padding:1.5rem;text-align:center;font-family:system-ui,sans-serif";
  const heading = document.createElement("h1");
  heading.textContent = "App Failed to Load";
  heading.style.cssText = "font-size:1.5rem;font-weight:700;margin:0";
  const text = document.createElement("p");
  text.textContent = "RoutePilot could not start. Check your connection, then reload the page.";
  text.style.margin = "0";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "Reload Page";
  button.style.cssText = "padding:0.6rem 1.2rem;border-radius:0.5rem;border:0;background:#1d4ed8;color:#fff;font-size:0.95rem;cursor:pointer";
  button.addEventListener("click", () => reloadPage());
  main.append(heading, text, button);
  container.append(main);
}
