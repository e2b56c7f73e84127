import { afterEach, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { i18n } from "@/lib/i18n";
import { AboutPage } from "@/features/marketing/routes/about-page";
import { CareersPage } from "@/features/marketing/routes/careers-page";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("the about page in the active language (decision 028)", () => {
  it("renders in English, then German", async () => {
    render(
      <MemoryRouter>
        <AboutPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Simplifying route planning for everyone" })).toBeInTheDocument();
    await act(() => i18n.changeLanguage("de"));
    expect(screen.getByRole("heading", { level: 1, name: "Routenplanung, einfach für alle" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Was uns wichtig ist" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Bei uns arbeiten" })).toHaveAttribute("href", "/company/careers");
  });

  it("renders the careers page in German", async () => {
    await act(() => i18n.changeLanguage("de"));
    render(
      <MemoryRouter>
        <CareersPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Karriere" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Bewerben als Product Designer (m/w/d)" })).toHaveAttribute("href", "/company/contact");
    expect(screen.getByRole("link", { name: "Kontaktformular" })).toBeInTheDocument();
  });
});
