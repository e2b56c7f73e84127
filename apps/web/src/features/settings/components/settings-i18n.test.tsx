import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { i18n } from "@/lib/i18n";
import { renderWithQuery } from "@/test/utils";
import { AddLocationForm } from "@/features/settings/components/add-location-form";
import { ThemeSetting } from "@/features/settings/components/theme-setting";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("settings in the active language (decision 028)", () => {
  it("renders the theme choice and the add-location form in German, with the form's own message translated", async () => {
    renderWithQuery(
      <MemoryRouter>
        <ThemeSetting value="system" onChange={vi.fn()} />
        <AddLocationForm />
      </MemoryRouter>,
    );
    await act(() => i18n.changeLanguage("de"));
    expect(screen.getByRole("radiogroup", { name: "Design" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Dunkel" })).toBeInTheDocument();
    expect(screen.getByText("Folgt Ihrem Gerät")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Ort hinzufügen" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Name des Orts"), "Depot");
    await userEvent.type(screen.getByLabelText("Adresse"), "Vaduz");
    await userEvent.type(screen.getByLabelText("Breitengrad (optional)"), "47.14");
    await userEvent.click(screen.getByRole("button", { name: "Ort hinzufügen" }));
    expect(await screen.findByText("Breiten- und Längengrad müssen zusammen angegeben werden")).toBeInTheDocument();
  });
});
