import { afterEach, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { i18n } from "@/lib/i18n";
import { TeamQuotaBar } from "@/features/teams/components/team-quota-bar";
import { TeamsOffer } from "@/features/teams/components/teams-offer";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("teams in the reader's language (decision 028)", () => {
  it("shows the quota and what teams offer in German, plan names untranslated", async () => {
    await act(() => i18n.changeLanguage("de"));
    render(
      <MemoryRouter>
        <TeamQuotaBar used={12} total={40} allocated={30} />
        <TeamsOffer />
      </MemoryRouter>,
    );
    expect(screen.getByRole("progressbar", { name: "Nutzung der Team-Routen" })).toHaveAttribute("aria-valuetext", "12 von 40 Team-Routen in diesem Monat genutzt");
    expect(screen.getByText("30 von 40 an Mitglieder zugeteilt")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Teams sind Teil der Tarife Enterprise und Fleet Pro" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tarife vergleichen" })).toHaveAttribute("href", "/pricing");
  });
});
