import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppCrashScreen } from "@/components/errors/app-crash-screen";
import { ErrorCard } from "@/components/errors/error-card";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { renderStartupFailure } from "@/components/errors/startup-failure";
import { goTo, reloadPage } from "@/lib/browser";

vi.mock("@/lib/browser", () => ({ reloadPage: vi.fn(), goTo: vi.fn() }));

describe("crash screens (SPEC §2)", () => {
  beforeEach(() => {
    vi.mocked(reloadPage).mockClear();
    vi.mocked(goTo).mockClear();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("Application Error: Reload Page reloads; Clear Data & Reload empties both storages first", async () => {
    render(<AppCrashScreen />);
    expect(screen.getByRole("heading", { name: "Application Error" })).toBeInTheDocument();
    expect(screen.getByText("Something went wrong while loading RoutePilot.")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Reload Page" }));
    expect(reloadPage).toHaveBeenCalledTimes(1);

    window.localStorage.setItem("a", "1");
    window.sessionStorage.setItem("b", "2");
    await userEvent.click(screen.getByRole("button", { name: "Clear Data & Reload" }));
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it("error card: Try Again, Reload Page and Return Home", async () => {
    const retry = vi.fn();
    render(<ErrorCard onRetry={retry} showHome />);
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    expect(screen.getByText("An unexpected error occurred. Please try again.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(retry).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Reload Page" }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Return Home" }));
    expect(goTo).toHaveBeenCalledWith("/");
  });

  it("error card without a home link or retry shows only Reload Page", () => {
    render(<ErrorCard />);
    expect(screen.queryByRole("button", { name: "Try Again" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Return Home" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeInTheDocument();
  });

  it("an error boundary shows its fallback and Try Again renders the children again", async () => {
    let fail = true;
    function Flaky() {
      if (fail) throw new Error("boom");
      return <p>recovered</p>;
    }
    render(
      <ErrorBoundary fallback={({ reset }) => <ErrorCard onRetry={reset} />}>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByText("recovered")).toBeInTheDocument();
  });

  it("start-up failure: App Failed to Load with a reload button", async () => {
    const root = document.createElement("div");
    document.body.append(root);
    renderStartupFailure(root, new Error("chunk failed"));
    expect(root.querySelector("h1")?.textContent).toBe("App Failed to Load");
    expect(root.querySelector("button")?.textContent).toBe("Reload Page");
    root.querySelector("button")?.click();
    expect(reloadPage).toHaveBeenCalledTimes(1);
    root.remove();
  });
});
