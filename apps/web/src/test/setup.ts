import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";

// findBy…/waitFor wait up to 5 s (Testing Library's default is 1 s): on a loaded 2-core CI machine a
// page's first render with its requests can take longer than a second without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // The operating day a screen remembers for its tab (lib/operating-day.ts) must not leak between tests.
  if (typeof sessionStorage !== "undefined") sessionStorage.clear();
});

// jsdom lacks a few browser APIs that Radix primitives call.
if (typeof window !== "undefined") {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  const proto = window.HTMLElement.prototype as HTMLElement & Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => {};
  proto.setPointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};
}
