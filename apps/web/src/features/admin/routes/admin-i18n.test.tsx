import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { AdminUser, ContactMessageSummary, HealthDetails } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { mockAuth } from "@/test/mock-auth";
import { jsonResponse, makeMe, renderWithQuery } from "@/test/utils";
import { SystemHealthPanel } from "@/features/admin/components/system-health-panel";
import { AdminDashboardPage } from "@/features/admin/routes/admin-pages";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const ana: AdminUser = { id: "u1", email: "ana@example.com", name: "Ana", role: "user", tier: "free", routesUsed: 3, monthlyLimit: 5, banned: false, createdAt: "2026-01-02T00:00:00.000Z", signInMethods: ["credential"] };
const bob: AdminUser = { id: "u2", email: "bob@example.com", name: "Bob", role: "user", tier: "premium", routesUsed: 0, monthlyLimit: 100, banned: true, createdAt: "2026-01-01T00:00:00.000Z", signInMethods: [] };
const message: ContactMessageSummary = {
  id: "m1",
  name: "Lena Wolf",
  email: "lena@example.com",
  topic: "sales",
  status: "open",
  read: false,
  replies: 2,
  createdAt: "2026-11-20T09:00:00.000Z",
  preview: "Wir haben zwölf Fahrzeuge.",
  userId: null,
};
const health: HealthDetails = {
  version: { version: "0.1.0", commit: "unknown" },
  uptimeSeconds: 2 * 86_400 + 3 * 3600,
  startedAt: "2026-01-01T00:00:00.000Z",
  database: { kind: "pglite", label: "Embedded PGlite", sizeBytes: null },
  solver: { workers: 2, busy: 1, queued: 3, maxQueue: 32, recentSolves: 0, p50Ms: null, p95Ms: null },
  requests: { short: { minutes: 5, requests: 50, errors: 1, perMinute: 10, errorRatePercent: 2 }, long: { minutes: 60, requests: 0, errors: 0, perMinute: 0, errorRatePercent: null } },
  mail: { queued: 4, failed: 1, oldestQueuedAt: null, smtpConfigured: false },
  migrations: { known: 12, applied: 12, last: [] },
};

/** English words of the admin pages that must not be left on a German screen. */
const englishLeftovers = /\b(Users|Inbox|Search|Sort by|Per page|Routes used|Created|Banned|Actions|Previous|Next|Sign-in|Unban|Reset usage|Delete account|unread|Loading|Replies|No messages|System health|Uptime|Database|queued|failed|Unknown|Migrations)\b/;

function renderAdmin() {
  mockAuth.signIn();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = new URL(url, "http://localhost");
      if (u.pathname === "/api/me") return jsonResponse(makeMe({ access: { teams: false, fleet: false, enhancedAnalytics: false, teamManagement: false, admin: true, superAdmin: false } }));
      if (u.pathname === "/api/admin/contact-messages") return jsonResponse({ messages: [message], total: 1, unread: 1 });
      if (u.pathname === "/api/admin/users") return jsonResponse({ users: [ana, bob], total: 2 });
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  renderWithQuery(
    <MemoryRouter initialEntries={["/admin"]}>
      <AdminDashboardPage />
    </MemoryRouter>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  mockAuth.signOut();
  await act(() => i18n.changeLanguage("en"));
});

describe("the admin pages in the administrator's language (decision 028)", () => {
  it("shows the users table, a confirmation and the contact inbox in German", async () => {
    await act(() => i18n.changeLanguage("de"));
    renderAdmin();
    expect(screen.getByRole("heading", { name: "Admin-Dashboard" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Benutzer" })).toHaveAttribute("aria-selected", "true");
    const inboxTab = screen.getByRole("tab", { name: /Posteingang/ });
    await vi.waitFor(() => expect(inboxTab).toHaveTextContent(/^Posteingang 1 ungelesen$/));
    const users = screen.getByRole("region", { name: "Benutzer" });
    expect(within(users).getByRole("searchbox", { name: "Nach E-Mail oder Name suchen" })).toBeInTheDocument();
    expect(within(users).getByRole("combobox", { name: "Sortieren nach" })).toHaveDisplayValue("Neueste zuerst");
    for (const header of ["Benutzer", "Tarif", "Rolle", "Genutzte Routen", "Erstellt", "Gesperrt", "Aktionen"]) {
      expect(within(users).getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(await within(users).findByText("2 Benutzer · Seite 1 von 1")).toBeInTheDocument();
    const anaRow = within(users).getByText("ana@example.com").closest("tr")!;
    expect(within(anaRow).getByText("Anmeldung: Passwort")).toBeInTheDocument();
    expect(within(anaRow).getByRole("button", { name: "ana@example.com sperren" })).toHaveTextContent("Sperren");
    expect(within(anaRow).getByRole("button", { name: "Nutzung von ana@example.com zurücksetzen" })).toHaveTextContent("Nutzung zurücksetzen");
    const bobRow = within(users).getByText("bob@example.com").closest("tr")!;
    expect(within(bobRow).getByText("Anmeldung: keine verknüpft")).toBeInTheDocument();
    expect(within(bobRow).getByRole("button", { name: "Entsperren" })).toBeInTheDocument();
    expect(users.textContent).not.toMatch(englishLeftovers);

    await userEvent.selectOptions(within(anaRow).getByRole("combobox", { name: "Tarif von ana@example.com" }), "premium");
    const dialog = await screen.findByRole("alertdialog", { name: "Tarif von ana@example.com ändern?" });
    expect(dialog).toHaveTextContent("Von Free zu Premium: Das monatliche Routenlimit wird 100 (bisher 5).");
    expect(within(dialog).getByRole("button", { name: "Zu Premium wechseln" })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Abbrechen" }));

    await userEvent.click(inboxTab);
    const inbox = await screen.findByRole("region", { name: "Kontakt-Posteingang" });
    expect(await within(inbox).findByText("ungelesene Nachricht im Posteingang.", { exact: false })).toBeInTheDocument();
    expect(within(inbox).getByRole("searchbox", { name: "Nachrichten durchsuchen" })).toHaveAttribute("placeholder", "Name, E-Mail, Thema oder Text");
    expect(within(inbox).getByRole("combobox", { name: "Nach Status filtern" })).toHaveTextContent("AlleOffenBeantwortetErledigt");
    expect(within(inbox).getByRole("list", { name: "Nachrichten, neueste zuerst" })).toHaveTextContent("Ungelesen: Lena Wolf");
    expect(within(inbox).getByRole("button", { name: /Lena Wolf/ })).toHaveTextContent(/lena@example\.com · Vertrieb und Tarife · .+ · 2 Antworten/);
    expect(within(inbox).getByText("1 Nachricht · Seite 1 von 1")).toBeInTheDocument();
    expect(within(inbox).getByText("Wählen Sie eine Nachricht, um sie zu lesen und zu beantworten.")).toBeInTheDocument();
    expect(inbox.textContent).not.toMatch(englishLeftovers);
  });

  it("shows the system health in German", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(health)));
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(<SystemHealthPanel />);
    const panel = await screen.findByRole("region", { name: "Systemzustand" });
    const value = async (label: string) => (await within(panel).findByText(label)).nextElementSibling as HTMLElement;
    expect(await value("Version")).toHaveTextContent("0.1.0 (Commit unbekannt)");
    expect(await value("Laufzeit")).toHaveTextContent("2 T. 3 Std.");
    expect(await value("Datenbankgröße")).toHaveTextContent("Unbekannt");
    expect(await value("Solver-Pool")).toHaveTextContent("1 von 2 ausgelastet · 3 in der Warteschlange (max. 32)");
    expect(await value("Anfragen, letzte 5 Min.")).toHaveTextContent(/^10 \/ Min\. · 2\s?% Fehler \(1\)$/);
    expect(await value("Anfragen, letzte 60 Min.")).toHaveTextContent("0 / Min. · keine Anfragen");
    expect(await value("E-Mail-Ausgang")).toHaveTextContent("Keine SMTP_URL gesetzt: Nachrichten bleiben im Ausgang");
    expect(await value("Migrationen")).toHaveTextContent("12 von 12 ausgelieferten angewendet");
    expect(within(panel).getByText("Keine Migrationen erfasst.")).toBeInTheDocument();
    expect(panel.textContent).not.toMatch(englishLeftovers);
  });
});
