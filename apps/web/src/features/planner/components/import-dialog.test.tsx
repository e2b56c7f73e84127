import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { routeMessages } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { ImportDialog } from "@/features/planner/components/import-dialog";
import type { StopDraft } from "@/features/planner/lib/planner-form";

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url, init) => {
    const { queries } = JSON.parse(String(init?.body)) as { queries: string[] };
    // Every address is found except the ones that say "nowhere".
    return jsonResponse({
      results: queries.map((q, i) => (/nowhere/i.test(q) ? null : { label: q, lat: 47 + i / 1000, lng: 9.5, provider: "gazetteer", kind: "place", match: "place", attribution: "" })),
    });
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("ImportDialog", () => {
  it("geocodes a 150-row file in two batch requests, not one request per row, and lists the rows not found", async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn<(stops: StopDraft[]) => void>();
    renderWithQuery(<ImportDialog onAdd={onAdd} />);
    await user.click(screen.getByRole("button", { name: "Import CSV/XLSX" }));
    const rows = Array.from({ length: 150 }, (_, i) => (i === 7 ? "Nowhere Lane" : `Street ${i + 1}, Vaduz`));
    const csv = `address\n${rows.map((r) => `"${r}"`).join("\n")}\n`;
    // jsdom's File has no text(); a browser's does.
    const file = Object.assign(new File([csv], "stops.csv", { type: "text/csv" }), { text: async () => csv });
    await user.upload(screen.getByLabelText("File"), file);
    await waitFor(() => expect(screen.getByText(/149 of 150 rows ready/)).toBeInTheDocument());
    expect(screen.getByText(/1 need fixing or dropping/)).toBeInTheDocument();
    expect(screen.getByText(routeMessages.addressNotFound)).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), queries: (JSON.parse(String(init?.body)) as { queries: string[] }).queries }));
    expect(calls.map((c) => c.url)).toEqual(["/api/geocode/batch", "/api/geocode/batch"]);
    expect(calls.map((c) => c.queries.length).sort((a, b) => a - b)).toEqual([50, 100]);
    // Rows found by address keep the geocoder's match quality (badged as found, not as typed coordinates).
    await user.click(screen.getByRole("button", { name: "Drop 1 row" }));
    await user.click(screen.getByRole("button", { name: "Add 149 destinations" }));
    const added = onAdd.mock.calls[0]![0];
    expect(added).toHaveLength(149);
    expect(added.every((stop) => stop.place.match === "place")).toBe(true);
  });
});
