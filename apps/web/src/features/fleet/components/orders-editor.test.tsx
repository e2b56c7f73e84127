import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse } from "@/test/utils";
import { OrdersEditor } from "@/features/fleet/components/orders-editor";
import type { DraftOrder } from "@/features/fleet/lib/order-import";

let latest: DraftOrder[] = [];
function Harness() {
  const [drafts, setDrafts] = useState<DraftOrder[]>([]);
  latest = drafts;
  return <OrdersEditor drafts={drafts} onChange={setDrafts} dimensions={["kg"]} />;
}

afterEach(() => vi.unstubAllGlobals());

describe("OrdersEditor", () => {
  it("imports a CSV through the mapping step, geocodes addresses and lists the one not found", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      const { queries } = JSON.parse(String(init?.body)) as { queries: string[] };
      return jsonResponse({ results: queries.map((q) => (q === "Nowhere 9" ? null : { label: q, lat: 47.1, lng: 9.5, provider: "gazetteer", kind: "address", match: "exact", attribution: "x" })) });
    });
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    render(<Harness />);
    const csv = "name,address,kg\nBakery,Städtle 1 Vaduz,3\nGhost,Nowhere 9,1\nDepot,,2\n";
    // jsdom's File has no text(); the browser's does.
    const file = Object.assign(new File([csv], "orders.csv", { type: "text/csv" }), { text: async () => csv });
    await user.upload(screen.getByLabelText(/CSV or Excel/), file);
    const mapping = await screen.findByRole("group", { name: "Column mapping" });
    expect(within(mapping).getByLabelText("Address")).toHaveValue("1");
    expect(within(mapping).getByLabelText("Demand (kg)")).toHaveValue("2");
    await user.click(within(mapping).getByRole("button", { name: "Import orders" }));

    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("1 of 3 orders ready to plan."));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const fix = screen.getByRole("region", { name: "Orders to fix" });
    expect(fix).toHaveTextContent('No place was found for "Nowhere 9"');
    expect(fix).toHaveTextContent("No address and no coordinates");
    expect(latest[0]!.order).toMatchObject({ label: "Bakery", lat: 47.1, lng: 9.5, demand: [3] });

    // Fix the address: searched again, now ready.
    const input = within(fix).getByLabelText("Address of Ghost");
    await user.clear(input);
    await user.type(input, "Städtle 2 Vaduz");
    await user.click(within(fix).getAllByRole("button", { name: "Search again" })[0]!);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("2 of 3 orders ready to plan."));
    await user.click(within(screen.getByRole("region", { name: "Orders to fix" })).getByRole("button", { name: "Remove" }));
    expect(screen.getByRole("status")).toHaveTextContent("2 of 2 orders ready to plan.");
  });

  it("imports a pickup→delivery pair from the mapping step, geocoding the pickup's address too", async () => {
    const queries: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { queries: string[] };
        queries.push(...body.queries);
        return jsonResponse({ results: body.queries.map((q) => ({ label: q, lat: q.includes("Schaan") ? 47.165 : 47.14, lng: 9.51, provider: "gazetteer", kind: "address", match: "exact", attribution: "x" })) });
      }),
    );
    const user = userEvent.setup();
    render(<Harness />);
    // Rows pasted from a spreadsheet, header included, go through the same column mapping.
    await user.click(screen.getByLabelText(/One a line/));
    await user.paste("Name\tAddress\tCollect from\tPickup from\tPickup until\nFlowers\tStädtle 1 Vaduz\tLandstrasse 5 Schaan\t08:00\t09:00");
    await user.click(screen.getByRole("button", { name: "Add pasted orders" }));
    const mapping = await screen.findByRole("group", { name: "Column mapping" });
    expect(within(mapping).getByLabelText("Pickup window from")).toHaveValue("3");
    expect(within(mapping).getByLabelText("Pickup address")).toHaveValue("2");
    await user.click(within(mapping).getByRole("button", { name: "Import orders" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("1 of 1 orders ready to plan."));
    expect(queries).toEqual(["Städtle 1 Vaduz", "Landstrasse 5 Schaan"]);
    expect(latest[0]!.order.pickup).toEqual({ label: "Landstrasse 5 Schaan", address: "Landstrasse 5 Schaan", lat: 47.165, lng: 9.51, serviceMinutes: 0, timeWindows: [{ start: "08:00", end: "09:00" }] });
    expect(screen.getByRole("row", { name: /Flowers/ })).toHaveTextContent("Landstrasse 5 Schaan (47.1650, 9.5100), 08:00–09:00");
  });

  it("adds an order with a pickup by hand; a pickup not found is fixed on its own", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        const { queries } = JSON.parse(String(init?.body)) as { queries: string[] };
        return jsonResponse({ results: queries.map((q) => (q === "Nowhere 9" ? null : { label: q, lat: 47.2, lng: 9.55, provider: "gazetteer", kind: "address", match: "exact", attribution: "x" })) });
      }),
    );
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText("Address or lat, lng"), "47.16, 9.51");
    await user.type(screen.getByLabelText("Name"), "Bakery");
    await user.type(screen.getByLabelText("Pickup address or lat, lng"), "Nowhere 9");
    await user.type(screen.getByLabelText("Pickup service minutes"), "3");
    await user.click(screen.getByRole("button", { name: "Add order" }));
    const fix = await screen.findByRole("region", { name: "Orders to fix" });
    expect(fix).toHaveTextContent('No place was found for the pickup "Nowhere 9"');
    expect(within(fix).queryByLabelText("Address of Bakery")).toBeNull();
    const input = within(fix).getByLabelText("Pickup address of Bakery");
    await user.clear(input);
    await user.type(input, "Mill 1 Eschen");
    await user.click(within(fix).getByRole("button", { name: "Search again" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("1 of 1 orders ready to plan."));
    expect(latest[0]!.order).toMatchObject({ label: "Bakery", lat: 47.16, pickup: { address: "Mill 1 Eschen", lat: 47.2, lng: 9.55, serviceMinutes: 3 } });
  });

  it("adds pasted coordinates and an order by hand without geocoding", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText(/One a line/), "47.14, 9.52, Post office");
    await user.click(screen.getByRole("button", { name: "Add pasted orders" }));
    await user.type(screen.getByLabelText("Address or lat, lng"), "47.16, 9.51");
    await user.type(screen.getByLabelText("Name"), "Fridge shop");
    await user.type(screen.getByLabelText("Skills (comma-separated)"), "fridge");
    await user.click(screen.getByRole("button", { name: "Add order" }));
    expect(screen.getByRole("status")).toHaveTextContent("2 of 2 orders ready to plan.");
    expect(latest[1]!.order).toMatchObject({ label: "Fridge shop", skills: ["fridge"], lat: 47.16 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
