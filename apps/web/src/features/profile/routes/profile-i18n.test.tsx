import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { ProfilePage } from "@/features/profile/routes/profile-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("the profile in the active language (decision 028)", () => {
  it("renders the page in German, and the form's own check too", async () => {
    mockAuth.signIn({ name: "Ana Silva", email: "ana@example.com", image: null });
    vi.stubGlobal("fetch", (async () => jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404)) as typeof fetch);
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Profil" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "E-Mail-Adresse ändern" })).toBeInTheDocument();
    expect(screen.getByText("Mitglied seit")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Bild hochladen" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Abonnement verwalten" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Neue E-Mail-Adresse"), "ana@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Bestätigungslink senden" }));
    expect(await screen.findByText("Das ist bereits Ihre E-Mail-Adresse")).toBeInTheDocument();
  });
});
