import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { SecurityPage } from "@/features/security/routes/account-security-page";
import { DeleteAccountPage } from "@/features/security/routes/delete-account-page";

const twoFactor = vi.hoisted(() => ({ enable: vi.fn(), verifyTotp: vi.fn(), disable: vi.fn(), generateBackupCodes: vi.fn() }));
vi.mock("@/lib/auth-client", async () => {
  const { authClientModule } = await import("@/test/mock-auth");
  return { ...authClientModule, authClient: { ...authClientModule.authClient, twoFactor } };
});

function fakeApi() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      if (url === "/api/me/security/sessions")
        return jsonResponse({
          sessions: [
            { id: "s1", device: "Chrome on Windows", userAgent: "x", ipAddress: "10.0.0.1", createdAt: "2026-05-01T10:00:00.000Z", lastActiveAt: "2026-05-02T10:00:00.000Z", expiresAt: "2026-06-01T10:00:00.000Z", current: true },
            { id: "s2", device: "Safari on iPhone", userAgent: "y", ipAddress: null, createdAt: "2026-04-01T10:00:00.000Z", lastActiveAt: "2026-04-02T10:00:00.000Z", expiresAt: "2026-06-01T10:00:00.000Z", current: false },
          ],
        });
      if (url.startsWith("/api/me/security/events"))
        return jsonResponse({
          events: [
            { id: "e1", eventType: "sign_in", action: "sign in", outcome: "success", device: "Chrome on Windows", ipAddress: "10.0.0.1", createdAt: "2026-05-01T10:00:00.000Z" },
            { id: "e2", eventType: "sign_in", action: "sign in", outcome: "failure", device: "Firefox on Linux", ipAddress: null, createdAt: "2026-04-30T10:00:00.000Z" },
          ],
          nextBefore: "e2",
        });
      if (url === "/api/me/identities") return jsonResponse({ identities: [{ id: "acc-pw", providerId: "credential", name: "Password", linkedAt: "2026-01-01T10:00:00.000Z" }] });
      if (url === "/api/sign-in-options") return jsonResponse({ passwordless: { magicLink: true, emailCode: true }, providers: [{ id: "github", name: "GitHub", kind: "social" }] });
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
}

/** English words of the page that must not be left on it in German. */
const english = [/Security/, /Two-factor/, /Sign-in/, /Sign out/, /Sessions/, /This device/, /\bPassword\b/, /Download/, /Delete/, /Confirm/, /Show older/, /unknown/, /failed/, /Link (GitHub|another)/];

beforeEach(() => {
  mockAuth.signIn();
  fakeApi();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("account security in the active language (decision 028)", () => {
  it("renders /security in German: two-factor, sign-in methods, sessions, history, download and account", async () => {
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter>
        <SecurityPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Sicherheit" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Zwei-Faktor-Authentifizierung" })).toBeInTheDocument();
    expect(screen.getByText("Aus")).toBeInTheDocument();

    const methods = await screen.findByRole("list", { name: "Anmeldemethoden" });
    expect(within(methods).getByRole("listitem", { name: "Passwort" })).toHaveTextContent(/Festgelegt am/);
    expect(await screen.findByRole("button", { name: "GitHub verknüpfen" })).toBeInTheDocument();

    const sessions = await screen.findByRole("list", { name: "Sitzungen" });
    const current = within(sessions).getByRole("listitem", { name: "Chrome on Windows (dieses Gerät)" });
    expect(within(current).getByText("Dieses Gerät")).toBeInTheDocument();
    const other = within(sessions).getByRole("listitem", { name: "Safari on iPhone" });
    expect(within(other).getByText("IP-Adresse: unbekannt")).toBeInTheDocument();
    expect(other).toHaveTextContent(/Angemeldet am .+ · zuletzt aktiv am /);
    expect(within(other).getByRole("button", { name: /^Safari on iPhone abmelden, angemeldet am / })).toHaveTextContent("Abmelden");
    expect(screen.getByRole("button", { name: "Alle anderen Sitzungen abmelden" })).toBeInTheDocument();

    const history = await screen.findByRole("list", { name: "Anmeldeverlauf" });
    const events = within(history).getAllByRole("listitem");
    expect(events[0]).toHaveTextContent("Anmeldung");
    expect(events[1]).toHaveTextContent("Anmeldung fehlgeschlagen");
    expect(events[1]).toHaveTextContent("Firefox on Linux · unbekannte IP");
    expect(screen.getByRole("button", { name: "Ältere Ereignisse anzeigen" })).toBeInTheDocument();

    const download = screen.getByRole("form", { name: "Meine Daten herunterladen" });
    expect(within(download).getByLabelText("Passwort")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Passwort ändern" })).toHaveAttribute("href", "/update-password");
    expect(screen.getByRole("link", { name: "Mein Konto löschen" })).toHaveAttribute("href", "/delete-account");

    // Device names ("Chrome on Windows") come from the server and stay as sent.
    const text = (document.body.textContent ?? "").replace(/(Chrome on Windows|Safari on iPhone|Firefox on Linux)/g, "");
    for (const word of english) expect(text).not.toMatch(word);
  });

  it("checks the two-factor password in German, and shows the server's refusal in German too", async () => {
    twoFactor.enable.mockResolvedValue({ data: null, error: { code: "INVALID_PASSWORD", message: "Invalid password" } });
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter>
        <SecurityPage />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Zwei-Faktor-Authentifizierung einschalten" }));
    const form = screen.getByRole("form", { name: "Bestätigen Sie Ihr Passwort, um die Zwei-Faktor-Authentifizierung einzurichten" });
    await userEvent.click(within(form).getByRole("button", { name: "Weiter" }));
    expect(await screen.findByText("Geben Sie Ihr Passwort ein")).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Abbrechen" })).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText("Passwort"), "nope");
    await userEvent.click(within(form).getByRole("button", { name: "Weiter" }));
    expect(await screen.findByText("Das Passwort ist nicht korrekt")).toBeInTheDocument();
  });

  it("renders /delete-account in German, the link to the download on its own included", async () => {
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter>
        <DeleteAccountPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Konto löschen" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "nur Ihre Daten herunterladen" })).toHaveAttribute("href", "/security#download-data");
    expect(screen.getByRole("heading", { name: "1. Bestätigen Sie, dass Sie es sind" })).toBeInTheDocument();
    expect(screen.getByText("Ihr Passwort. Die Bestätigung gilt 10 Minuten.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Bestätigen" })).toBeInTheDocument();
    expect(screen.getByLabelText("Geben Sie zur Bestätigung DELETE ein")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Mein Konto löschen" })).toBeDisabled();
    const text = document.body.textContent ?? "";
    for (const word of ["Delete account", "Confirm", "Download my data", "Your password", "Type DELETE"]) expect(text).not.toContain(word);
  });
});
