import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { i18n } from "@/lib/i18n";
import { StopCard } from "@/features/driver/components/stop-card";
import { SyncStatus } from "@/features/driver/components/sync-status";
import type { OutboxItem } from "@/features/driver/lib/outbox";
import { driverStop } from "@/features/driver/test/fixtures";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

const waiting = (id: string): OutboxItem => ({ id, action: id, kind: "event", date: "2026-11-30", routeId: "r1", stopId: "s1", label: "Arrived · stop 1, Bakery", createdAt: "2026-11-30T08:00:00.000Z", event: { clientEventId: id, at: "2026-11-30T08:00:00.000Z", type: "arrived" } });

describe("the driver app in the driver's language (decision 028)", () => {
  it("shows a stop, its actions and the sync status in German", async () => {
    await act(() => i18n.changeLanguage("de"));
    const stop = driverStop("s1", "2026-11-30T09:00:00.000Z", "2026-11-30T09:05:00.000Z", { label: "Bäckerei Meier" });
    render(
      <ul>
        <StopCard stop={stop} number={1} isNext delayMs={0} waiting proofRequired={false} onAction={vi.fn()} />
        <SyncStatus online={false} pending={[waiting("a"), waiting("b")]} rejected={[]} syncing={false} onSync={vi.fn()} onRetry={vi.fn()} onDismiss={vi.fn()} />
      </ul>,
    );
    expect(screen.getByText("Offen")).toBeInTheDocument();
    expect(screen.getByText("Noch nicht synchronisiert")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "An Stopp 1 angekommen" })).toHaveTextContent("Angekommen");
    expect(screen.getByText("Sie sind offline")).toBeInTheDocument();
    expect(screen.getByTestId("sync-status")).toHaveTextContent("2 Änderungen warten auf Synchronisierung");

    await userEvent.click(screen.getByRole("button", { name: "Stopp 1 nicht zugestellt" }));
    expect(await screen.findByRole("dialog", { name: "Nicht zugestellt: Bäckerei Meier" })).toBeInTheDocument();
    expect(screen.getByLabelText("Nicht angetroffen")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Als nicht zugestellt markieren" }));
    expect(screen.getByText("Geben Sie an, warum die Zustellung fehlgeschlagen ist")).toBeInTheDocument();
  });
});
