import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import type { Driver } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { DayStaffing } from "@/features/fleet/components/fleet-planner";
import { MoveStopDialog } from "@/features/fleet/components/move-stop-dialog";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

const driver = (userId: string, name: string, workingDays: Driver["workingDays"]): Driver => ({ userId, name, email: `${userId}@example.com`, workingDays, skills: [], defaultVehicleId: null });

describe("the fleet planner in the dispatcher's language (decision 028)", () => {
  it("says who drives on the day and offers the move dialog in French", async () => {
    await act(() => i18n.changeLanguage("fr"));
    // 2030-01-07 is a Monday.
    render(<DayStaffing date="2030-01-07" drivers={[driver("a", "Ana", ["mon"]), driver("b", "Ben", ["tue"])]} vehicles={3} />);
    expect(screen.getByRole("note", { name: "Chauffeurs ce jour-là" })).toHaveTextContent("Chauffeurs qui travaillent le lundi : 1 sur 2 (Ana) pour 3 véhicules");
    expect(screen.getByText("En repos le lundi : Ben.")).toBeInTheDocument();

    render(
      <MoveStopDialog
        target={{ orderId: "o1", title: "Boulangerie", vehicleId: "v1" }}
        routes={[]}
        vehicles={[{ id: "v1", name: "Fourgon 1" }]}
        stopTitle={(s) => s.label}
        onMove={vi.fn()}
        onUnassign={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(await screen.findByRole("dialog", { name: "Déplacer Boulangerie" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Fourgon 1 (actuelle)" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Non affectée (sur aucune tournée)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Déplacer" })).toBeInTheDocument();
  });
});
