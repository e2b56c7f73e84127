import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider, useTheme } from "@/components/theme/theme-provider";
import { THEME_STORAGE_KEY } from "@/lib/theme";

/** A controllable prefers-color-scheme media query. */
function mockColorScheme(initialDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initialDark,
    media: "(prefers-color-scheme: dark)",
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", vi.fn(() => query));
  return {
    setDark(dark: boolean) {
      query.matches = dark;
      act(() => listeners.forEach((listener) => listener({ matches: dark } as MediaQueryListEvent)));
    },
  };
}

function Probe() {
  const { choice, resolved, setChoice } = useTheme();
  return (
    <div>
      <p>
        {choice}:{resolved}
      </p>
      <button onClick={() => setChoice("dark")}>dark</button>
      <button onClick={() => setChoice("system")}>system</button>
    </div>
  );
}

describe("ThemeProvider", () => {
  beforeEach(() => {
    window.localStorage.clear();
    document.documentElement.className = "";
  });
  afterEach(() => vi.unstubAllGlobals());

  it("with system, follows prefers-color-scheme live through matchMedia change events", () => {
    const scheme = mockColorScheme(false);
    render(
      <ThemeProvider initialChoice="system">
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText("system:light")).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass("dark");

    scheme.setDark(true);
    expect(screen.getByText("system:dark")).toBeInTheDocument();
    expect(document.documentElement).toHaveClass("dark");

    scheme.setDark(false);
    expect(document.documentElement).not.toHaveClass("dark");
  });

  it("keeps an explicit choice when the OS changes, and remembers it in localStorage", async () => {
    const scheme = mockColorScheme(false);
    render(
      <ThemeProvider initialChoice="light">
        <Probe />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "dark" }));
    expect(document.documentElement).toHaveClass("dark");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    scheme.setDark(false);
    expect(document.documentElement).toHaveClass("dark");
  });

  it("starts from the choice stored in this browser", () => {
    mockColorScheme(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, "system");
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByText("system:dark")).toBeInTheDocument();
  });
});
