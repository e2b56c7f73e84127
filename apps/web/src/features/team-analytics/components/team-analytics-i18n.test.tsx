import { afterEach, describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import type { TeamAnalytics } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { DriverPerformance, FailedByReason } from "@/features/team-analytics/components/fleet-analytics";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

const data = {
  teamId: "t1",
  teamName: "Acme",
  from: "2026-03-01",
  to: "2026-03-02",
  timezone: "Europe/Paris",
  fleet: true,
  members: [],
  drivers: [
    {
      driverUserId: "u5",
      name: "Dave",
      routes: 1,
      completedRoutes: 1,
      stops: 4,
      done: 2,
      failedStops: 2,
      onTime: 1,
      early: 1,
      late: 1,
      withoutWindow: 1,
      onTimeRate: 1 / 3,
      plannedDurationSeconds: 36_000,
      actualDurationSeconds: 40_200,
      plannedDistanceMeters: 3000,
      actualDistanceMeters: 4000,
      stopsPerHour: 0.358,
      failed: { not_home: 1, refused: 1 },
    },
  ],
  vehicles: [],
  failedByReason: { not_home: 1, refused: 1 },
  byDay: [],
} satisfies TeamAnalytics;

describe("team analytics in the manager's language (decision 028)", () => {
  it("names the drivers' figures and the charts in French", async () => {
    await act(() => i18n.changeLanguage("fr"));
    render(
      <>
        <DriverPerformance data={data} />
        <FailedByReason data={data} />
      </>,
    );
    expect(screen.getByRole("heading", { name: "Ponctualité par chauffeur" })).toBeInTheDocument();
    expect(screen.getByText("à l'heure : 1 sur 3 arrêts avec créneau")).toBeInTheDocument();
    expect(screen.getByText("Chauffeurs : taux de ponctualité")).toBeInTheDocument();
    expect(screen.getByText("Livraisons en échec par motif")).toBeInTheDocument();
  });
});
