import { afterEach, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { i18n } from "@/lib/i18n";
import { HomePage } from "@/features/marketing/routes/home-page";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("the home page in the active language (decision 028)", () => {
  it("renders the landing page in German", async () => {
    render(
      <MemoryRouter>
        <HomePage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Plan multi-stop routes in seconds, not hours." })).toBeInTheDocument();
    await act(() => i18n.changeLanguage("de"));
    expect(screen.getByRole("heading", { level: 1, name: "Routen mit vielen Stopps in Sekunden planen, nicht in Stunden." })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Kostenlos starten" })).toHaveAttribute("href", "/auth/sign-up");
    expect(screen.getByRole("heading", { name: "So funktioniert’s" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Flottenplanung" })).toBeInTheDocument();
  });
});
