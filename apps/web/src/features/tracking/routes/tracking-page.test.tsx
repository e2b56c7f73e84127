import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { createFormatter, driverMessages, type Tracking } from "@routepilot/contracts";
import { FormatProvider, browserTimeZone } from "@/lib/format";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { TrackingPage } from "@/features/tracking/routes/tracking-page";

vi.mock("@/features/tracking/components/tracking-map", () => ({
  TrackingMap: ({ driver }: { driver: { lat: number } | null }) => <div data-testid="tracking-map" data-driver={driver ? "yes" : "no"} />,
}));

const TOKEN = "AbCdEfGhIjKlMnOpQrStUv";
const base: Tracking = {
  status: "next",
  teamName: "Fleet & Co",
  label: "Ann's bakery",
  window: { start: "2030-01-07T10:05:00.000Z", end: "2030-01-07T10:35:00.000Z" },
  driverFirstName: "Dora",
  driverPosition: { lat: 47.12, lng: 9.52, at: "2030-01-07T09:58:00.000Z" },
  destination: { lat: 47.14, lng: 9.52 },
  completedAt: null,
  failureReason: null,
  proofPhotoUrl: null,
  expiresAt: "2030-01-14T10:00:00.000Z",
};

afterEach(() => vi.unstubAllGlobals());

function renderPage(response: () => Response, visitor?: { language: string; timeZone: string }) {
  const fetch = vi.fn(async () => response());
  vi.stubGlobal("fetch", fetch);
  const page = (
    <MemoryRouter initialEntries={[`/track/${TOKEN}`]}>
      <Routes>
        <Route path="/track/:token" element={<TrackingPage />} />
      </Routes>
    </MemoryRouter>
  );
  renderWithQuery(visitor ? <FormatProvider {...visitor}>{page}</FormatProvider> : page);
  return fetch;
}

/** Outside the app's FormatProvider the page writes British English in the browser's time zone. */
const local = (iso: string) => createFormatter({ language: "en", timeZone: browserTimeZone(), unit: "km" }).time(iso);

describe("TrackingPage", () => {
  it("shows the status, the window in the viewer's local time, the progress steps and the map with the driver", async () => {
    const fetch = renderPage(() => jsonResponse(base));
    expect(await screen.findByText("You're next: Dora is heading to you now.")).toHaveAttribute("role", "status");
    expect(fetch).toHaveBeenCalledWith(`/api/track/${TOKEN}`, expect.anything());
    expect(screen.getByRole("heading", { name: "Ann's bakery" })).toBeInTheDocument();
    expect(screen.getByTestId("tracking-window")).toHaveTextContent(`${local(base.window!.start)} – ${local(base.window!.end)}`);
    const steps = within(screen.getByRole("list", { name: "Delivery progress" })).getAllByRole("listitem");
    expect(steps.map((s) => s.textContent)).toEqual(["Scheduled (done)", "On its way (done)", "3You're next (now)", "4Driver at your door (to come)", "5Delivered (to come)"]);
    expect(steps[2]).toHaveAttribute("aria-current", "step");
    expect(await screen.findByTestId("tracking-map")).toHaveAttribute("data-driver", "yes");
    expect(screen.getByText(/updates every 30 seconds/)).toBeInTheDocument();
  });

  it("writes the day and times in the visitor's language and time zone (the app root gives a signed-out visitor the browser's)", async () => {
    renderPage(() => jsonResponse(base), { language: "de", timeZone: "Europe/Vaduz" });
    expect(await screen.findByTestId("tracking-window")).toHaveTextContent("11:05 – 11:35");
    expect(screen.getByText("Expected arrival, Montag, 7. Januar 2030")).toBeInTheDocument();
    expect(screen.getByText(/Driver's position at 10:58\./)).toBeInTheDocument();
  });

  it("shows the proof photo after delivery, without the map", async () => {
    renderPage(() => jsonResponse({ ...base, status: "delivered", window: null, driverPosition: null, completedAt: "2030-01-07T10:20:00.000Z", proofPhotoUrl: `/api/track/${TOKEN}/photo` }));
    expect(await screen.findByText("Your delivery has been delivered.")).toHaveAttribute("role", "status");
    expect(screen.getByRole("img", { name: "Photo taken by the driver at delivery" })).toHaveAttribute("src", `/api/track/${TOKEN}/photo`);
    expect(screen.queryByTestId("tracking-map")).not.toBeInTheDocument();
    expect(screen.queryByTestId("tracking-window")).not.toBeInTheDocument();
  });

  it("says why a delivery failed", async () => {
    renderPage(() => jsonResponse({ ...base, status: "failed", window: null, driverPosition: null, completedAt: "2030-01-07T10:20:00.000Z", failureReason: "not_home" }));
    expect(await screen.findByText("We could not deliver today: not home.")).toHaveAttribute("role", "status");
    expect(screen.getByText(/Not delivered/).closest("li")).toHaveAttribute("aria-current", "step");
  });

  it("asks again every 30 seconds (no socket on a public page) and shows the new status", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: Tracking["status"] = "on_its_way";
      const fetch = renderPage(() => jsonResponse({ ...base, status, driverPosition: null }));
      expect(await screen.findByText("Your delivery is on its way. Dora has a few stops before yours.")).toBeInTheDocument();
      expect(screen.getByTestId("tracking-map")).toHaveAttribute("data-driver", "no");
      status = "next";
      await vi.advanceTimersByTimeAsync(29_000);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(await screen.findByText("You're next: Dora is heading to you now.")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the expired state for a dead link", async () => {
    renderPage(() => jsonResponse({ error: { code: "NOT_FOUND", message: driverMessages.trackingGone } }, 404));
    expect(await screen.findByRole("heading", { name: driverMessages.trackingGone })).toBeInTheDocument();
  });
});
