import { afterEach, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { FeatureErrorFallback } from "@/components/errors/feature-error-boundary";
import { i18n } from "@/lib/i18n";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("the per-feature error fallback in the reader's language", () => {
  it("keeps the SPEC's English sentence", () => {
    render(<MemoryRouter><FeatureErrorFallback feature="The dashboard" page="Dashboard" onRetry={() => {}} /></MemoryRouter>);
    expect(screen.getByRole("heading", { name: "The dashboard encountered an error" })).toBeInTheDocument();
  });

  it("names the page by its translated title in German and French, never the English phrase", async () => {
    await act(() => i18n.changeLanguage("de"));
    const { unmount } = render(<MemoryRouter><FeatureErrorFallback feature="Settings" page="Einstellungen" onRetry={() => {}} /></MemoryRouter>);
    expect(screen.getByRole("heading", { name: "Fehler auf der Seite „Einstellungen“" })).toBeInTheDocument();
    expect(screen.getByText(/Auf der Seite „Einstellungen“ ist ein Fehler aufgetreten/)).toBeInTheDocument();
    expect(screen.queryByText(/Settings/)).not.toBeInTheDocument();
    unmount();

    await act(() => i18n.changeLanguage("fr"));
    render(<MemoryRouter><FeatureErrorFallback feature="Settings" page="Paramètres" onRetry={() => {}} /></MemoryRouter>);
    expect(screen.getByRole("heading", { name: "Erreur sur la page « Paramètres »" })).toBeInTheDocument();
  });
});
