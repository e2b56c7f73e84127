import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { RouteDetail } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { RouteActions } from "@/features/planner/components/route-actions";

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const place = (label: string, lat: number) => ({ label, address: label, lat, lng: 9.5 });
const route = {
  id: "0b6f4a5e-7f7e-4a39-9b7e-3f1d3c6b9a11",
  profile: "car",
  roundTrip: true,
  start: place("Vaduz", 47.14),
  end: null,
  stops: Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, ...place(`Stop ${i + 1}`, 47.15 + i / 100) })),
} as unknown as RouteDetail;

afterEach(() => vi.unstubAllGlobals());

describe("RouteActions", () => {
  it("asks before revoking a share link, and only revokes when confirmed", async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === "DELETE" ? new Response(null, { status: 204 }) : jsonResponse({ token: "t".repeat(22), url: `http://localhost/shared-route/${"t".repeat(22)}` }),
    );
    vi.stubGlobal("fetch", fetch);
    renderWithQuery(<RouteActions route={route} nextStop={0} />);
    await userEvent.click(screen.getByRole("button", { name: "Share link" }));
    await userEvent.click(await screen.findByRole("button", { name: "Revoke" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Stop sharing this route?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep sharing" }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    expect(screen.getByLabelText(/Read-only link/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Revoke" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke link" }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true));
    await waitFor(() => expect(screen.queryByLabelText(/Read-only link/)).toBeNull());
  });

  it("offers a 10-stop round trip to Google Maps without a part for the drive home alone", async () => {
    renderWithQuery(<RouteActions route={route} nextStop={2} />);
    await userEvent.click(screen.getByRole("button", { name: "Navigate" }));
    const parts = (await screen.findAllByRole("menuitem")).map((item) => item.textContent);
    expect(parts).toEqual(["Part 1: Stops 1–6", "Part 2: Stops 7–10, then back to the start", "Apple Maps — next stop only", "Waze — next stop only"]);
    expect(screen.getByText("Apple Maps and Waze take one destination: stop 3, Stop 3")).toBeInTheDocument();
  });
});
