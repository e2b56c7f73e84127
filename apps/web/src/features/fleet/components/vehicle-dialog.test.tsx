import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { fleetMessages, type Vehicle } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery, renderWithToasts } from "@/test/utils";
import { VehicleDialog } from "@/features/fleet/components/vehicle-dialog";
import { VehiclesView } from "@/features/fleet/components/vehicles-view";

const place = (label: string, lat: number, lng: number) => ({ label, lat, lng, provider: "gazetteer", kind: "city", match: "place", attribution: "" });
const vaduz = place("Vaduz, Liechtenstein", 47.141, 9.521);
const schaan = place("Schaan, Liechtenstein", 47.165, 9.509);

const base: Vehicle = {
  id: "v1",
  teamId: "t1",
  name: "Van 1",
  profile: "van",
  capacity: [100],
  skills: [],
  shift: { start: "08:00", end: "17:00" },
  start: { lat: 47.141, lng: 9.521, address: "Vaduz, Liechtenstein" },
  end: null,
  breaks: [],
  maxTrips: 1,
  reloadMinutes: 0,
  fixedCostPence: 0,
  costPerHourPence: 0,
  createdAt: "x",
  updatedAt: "x",
};

/** A fake API: /api/geocode answers `places[q]` (nothing for other text); vehicle saves echo the body. */
function fakeApi(places: Record<string, unknown[]> = {}, vehicles: Vehicle[] = []) {
  const calls: { method: string; path: string; q: string | null; body: Record<string, unknown> | undefined }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, "http://localhost");
      const method = init?.method ?? "GET";
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, path: u.pathname, q: u.searchParams.get("q"), body });
      if (u.pathname === "/api/geocode") return jsonResponse({ results: places[u.searchParams.get("q") ?? ""] ?? [] });
      if (u.pathname === "/api/teams/t1/vehicles" && method === "GET") return jsonResponse({ vehicles });
      if (u.pathname.startsWith("/api/teams/t1/vehicles")) return jsonResponse({ ...base, ...body, id: "v1" }, method === "POST" ? 201 : 200);
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return calls;
}

function renderDialog(vehicle?: Vehicle) {
  const onOpenChange = vi.fn();
  renderWithQuery(<VehicleDialog teamId="t1" vehicle={vehicle} dimensions={["kg"]} open onOpenChange={onOpenChange} />);
  return { dialog: screen.getByRole("dialog"), onOpenChange };
}

const posted = (calls: ReturnType<typeof fakeApi>) => calls.filter((c) => c.method === "POST" || c.method === "PATCH").at(-1)?.body;

afterEach(() => vi.unstubAllGlobals());

describe("depot Find (issue 25)", () => {
  it("fills the coordinates with the best match at once, lets another match be picked, and Enter finds instead of saving", async () => {
    const calls = fakeApi({ Vaduz: [vaduz, schaan] });
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    const address = within(dialog).getByLabelText("Start depot address");
    await user.type(address, "Vaduz{Enter}");
    await waitFor(() => expect(within(dialog).getByLabelText("Start depot latitude")).toHaveValue("47.141"));
    expect(within(dialog).getByLabelText("Start depot longitude")).toHaveValue("9.521");
    expect(address).toHaveValue("Vaduz, Liechtenstein");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    const matches = within(dialog).getByRole("list", { name: "Start depot places found" });
    expect(within(matches).getByRole("button", { name: /Vaduz, Liechtenstein/ })).toHaveAttribute("aria-pressed", "true");
    await user.click(within(matches).getByRole("button", { name: /Schaan/ }));
    expect(within(dialog).getByLabelText("Start depot latitude")).toHaveValue("47.165");
    expect(within(dialog).getByLabelText("Start depot longitude")).toHaveValue("9.509");
    expect(address).toHaveValue("Schaan, Liechtenstein");
  });

  it("says so when nothing is found, and fills typed coordinates without a request", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    const address = within(dialog).getByLabelText("Start depot address");
    await user.type(address, "Nowhere at all");
    await user.click(within(dialog).getByRole("button", { name: "Find" }));
    expect(await within(dialog).findByText(/No place was found for this address/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Start depot latitude")).toHaveValue("");

    await user.clear(address);
    await user.type(address, "47.14, 9.52");
    await user.click(within(dialog).getByRole("button", { name: "Find" }));
    await waitFor(() => expect(within(dialog).getByLabelText("Start depot latitude")).toHaveValue("47.14"));
    expect(within(dialog).getByLabelText("Start depot longitude")).toHaveValue("9.52");
    expect(calls.filter((c) => c.path === "/api/geocode").map((c) => c.q)).toEqual(["Nowhere at all"]);
  });

  it("clears found coordinates when the address is edited, and locates a typed address on save (kept as typed)", async () => {
    const calls = fakeApi({ Vaduz: [vaduz], "Industriestrasse 5, Schaan": [schaan] });
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog();
    await user.type(within(dialog).getByLabelText("Name"), "Van 1");
    const address = within(dialog).getByLabelText("Start depot address");
    await user.type(address, "Vaduz{Enter}");
    await waitFor(() => expect(within(dialog).getByLabelText("Start depot latitude")).toHaveValue("47.141"));
    await user.clear(address);
    expect(within(dialog).getByLabelText("Start depot latitude")).toHaveValue("");
    await user.type(address, "Industriestrasse 5, Schaan");
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const depot = { lat: 47.165, lng: 9.509, address: "Industriestrasse 5, Schaan" };
    expect(posted(calls)).toMatchObject({ start: depot, end: depot });
  });

  it("keeps coordinates typed by hand when the address is edited", async () => {
    fakeApi();
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText("Start depot latitude"), "47.2");
    await user.type(within(dialog).getByLabelText("Start depot longitude"), "9.6");
    await user.type(within(dialog).getByLabelText("Start depot address"), "Yard");
    expect(within(dialog).getByLabelText("Start depot latitude")).toHaveValue("47.2");
  });
});

describe("Ends at (issue 25: one control instead of 'Open route' and an empty end depot)", () => {
  const endsAt = (dialog: HTMLElement) => within(within(dialog).getByRole("radiogroup", { name: "Ends at" }));

  it("a new vehicle returns to its start depot: end is the start's point", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog();
    expect(endsAt(dialog).getByRole("radio", { name: "Back at the start depot" })).toBeChecked();
    expect(within(dialog).queryByLabelText("End depot latitude")).toBeNull();
    await user.type(within(dialog).getByLabelText("Name"), "Van 1");
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    expect(await within(dialog).findByText("Give the start depot, or choose another place for the route to end.")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Start depot latitude"), "47.14");
    await user.type(within(dialog).getByLabelText("Start depot longitude"), "9.52");
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posted(calls)).toMatchObject({ start: { lat: 47.14, lng: 9.52 }, end: { lat: 47.14, lng: 9.52 } });
  });

  it("'another place' asks for the end depot; 'open route' sends no end", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog();
    await user.type(within(dialog).getByLabelText("Name"), "Van 1");
    await user.click(endsAt(dialog).getByRole("radio", { name: "At another place" }));
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    expect(await within(dialog).findByText(/Give the place the route ends at/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("End depot latitude"), "47.2");
    await user.type(within(dialog).getByLabelText("End depot longitude"), "9.6");
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posted(calls)).toMatchObject({ start: null, end: { lat: 47.2, lng: 9.6 } });

    onOpenChange.mockClear();
    await user.click(endsAt(dialog).getByRole("radio", { name: "Wherever the last stop is (open route)" }));
    expect(within(dialog).queryByLabelText("End depot latitude")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posted(calls)).toMatchObject({ start: null, end: null });
  });

  it("reads existing vehicles: no end is an open route, the start's place is 'back at the start', any other is another place", () => {
    fakeApi();
    const { unmount } = renderWithQuery(<VehicleDialog teamId="t1" vehicle={base} dimensions={["kg"]} open onOpenChange={() => {}} />);
    expect(screen.getByRole("radio", { name: "Wherever the last stop is (open route)" })).toBeChecked();
    unmount();

    const roundTrip = renderWithQuery(<VehicleDialog teamId="t1" vehicle={{ ...base, end: { lat: 47.141, lng: 9.521 } }} dimensions={["kg"]} open onOpenChange={() => {}} />);
    expect(screen.getByRole("radio", { name: "Back at the start depot" })).toBeChecked();
    roundTrip.unmount();

    renderWithQuery(<VehicleDialog teamId="t1" vehicle={{ ...base, end: { lat: 47.165, lng: 9.509, address: "Schaan yard" } }} dimensions={["kg"]} open onOpenChange={() => {}} />);
    expect(screen.getByRole("radio", { name: "At another place" })).toBeChecked();
    expect(screen.getByLabelText("End depot address")).toHaveValue("Schaan yard");
    expect(screen.getByLabelText("End depot latitude")).toHaveValue("47.165");
  });
});

describe("VehiclesView depots (issue 25)", () => {
  it("shows each depot's address, borrows the address of a depot at the same place, and rounds unnamed coordinates", async () => {
    fakeApi({}, [
      { ...base, end: { lat: 47.141, lng: 9.521 } },
      { ...base, id: "v2", name: "Van 2", start: { lat: 47.14102, lng: 9.52101 }, end: { lat: 47.2346, lng: 9.5678 } },
      { ...base, id: "v3", name: "Bike", start: null, end: null },
    ]);
    renderWithQuery(<VehiclesView teamId="t1" dimensions={["kg"]} />);
    expect(await screen.findByRole("row", { name: /Van 1/ })).toHaveTextContent("Vaduz, Liechtenstein → back to the start");
    expect(screen.getByRole("row", { name: /Van 2/ })).toHaveTextContent("Vaduz, Liechtenstein → 47.235, 9.568");
    expect(screen.getByRole("row", { name: /Bike/ })).toHaveTextContent("first stop → last stop (open route)");
    expect(screen.getByRole("row", { name: /Van 1/ })).toHaveTextContent("100 kg");
  });
});

describe("the server's refusal (decision 018)", () => {
  function refuse(error: { code: string; message: string; fields?: Record<string, string> }, status: number) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => (new URL(url, "http://localhost").pathname.startsWith("/api/teams/t1/vehicles") && init?.method ? jsonResponse({ error }, status) : jsonResponse({ results: [] }))),
    );
  }

  it("marks and focuses the field it names, with its message, shown once in the dialog", async () => {
    refuse({ code: "CONFLICT", message: "Another vehicle has this plate", fields: { plate: "Another vehicle has this plate" } }, 409);
    const user = userEvent.setup();
    renderWithToasts(<VehicleDialog teamId="t1" vehicle={base} dimensions={["kg"]} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Plate"), "FL 1");
    await user.click(within(dialog).getByRole("button", { name: "Save vehicle" }));
    expect(await within(dialog).findByText("Another vehicle has this plate")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Plate")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText("Plate")).toHaveFocus();
    expect(within(dialog).getByLabelText("Name")).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
  });

  it("shows a refusal that names no field of the form above its buttons", async () => {
    refuse({ code: "VALIDATION_ERROR", message: "A team has at most 50 vehicles", fields: { body: "A team has at most 50 vehicles" } }, 400);
    const user = userEvent.setup();
    renderWithToasts(<VehicleDialog teamId="t1" vehicle={base} dimensions={["kg"]} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Save vehicle" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("A team has at most 50 vehicles");
  });
});

describe("multi-trip vehicles (issue 26)", () => {
  const trips = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Reloads at the depot, up to/);

  it("one trip by default with no reload time; more trips show the reload time and both are saved", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    const { dialog, onOpenChange } = renderDialog();
    expect(within(dialog).getByLabelText("Reloads at the depot, up to 1 trip")).toHaveValue(1);
    expect(within(dialog).getByText(/1 = no reload/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Reload time (minutes)")).toBeNull();

    await user.type(within(dialog).getByLabelText("Name"), "Van 1");
    await user.type(within(dialog).getByLabelText("Start depot latitude"), "47.14");
    await user.type(within(dialog).getByLabelText("Start depot longitude"), "9.52");
    await user.clear(trips(dialog));
    await user.type(trips(dialog), "3");
    expect(within(dialog).getByLabelText("Reloads at the depot, up to 3 trips")).toHaveValue(3);
    const reload = within(dialog).getByLabelText("Reload time (minutes)");
    await user.clear(reload);
    await user.type(reload, "20");
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(posted(calls)).toMatchObject({ maxTrips: 3, reloadMinutes: 20 });
  });

  it("back to one trip hides the reload time and sends none; a stored vehicle shows its trips", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderWithQuery(<VehicleDialog teamId="t1" vehicle={{ ...base, maxTrips: 4, reloadMinutes: 25 }} dimensions={["kg"]} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByLabelText("Reloads at the depot, up to 4 trips")).toHaveValue(4);
    expect(within(dialog).getByLabelText("Reload time (minutes)")).toHaveValue(25);
    await user.clear(trips(dialog));
    await user.type(trips(dialog), "1");
    expect(within(dialog).queryByLabelText("Reload time (minutes)")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Save vehicle" }));
    await waitFor(() => expect(posted(calls)).toMatchObject({ maxTrips: 1, reloadMinutes: 0 }));
  });

  it("says what is wrong before sending: trips outside 1–10, a reload time over 240 minutes, reloads without a start depot", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText("Name"), "Van 1");
    await user.click(within(dialog).getByRole("radio", { name: "Wherever the last stop is (open route)" }));
    await user.clear(trips(dialog));
    await user.type(trips(dialog), "12");
    expect(within(dialog).getByLabelText("Reloads at the depot, up to N trips")).toHaveValue(12);
    await user.type(within(dialog).getByLabelText("Reload time (minutes)"), "300");
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    expect(await within(dialog).findByText(fleetMessages.maxTrips)).toBeInTheDocument();
    expect(within(dialog).getByText(fleetMessages.reloadMinutes)).toBeInTheDocument();
    expect(within(dialog).getByText(fleetMessages.reloadNeedsDepot)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("shows the server's message at the trips control, marked and focused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) =>
        new URL(url, "http://localhost").pathname.startsWith("/api/teams/t1/vehicles") && init?.method
          ? jsonResponse({ error: { code: "VALIDATION_ERROR", message: fleetMessages.maxTrips, fields: { maxTrips: fleetMessages.maxTrips } } }, 400)
          : jsonResponse({ results: [] }),
      ),
    );
    const user = userEvent.setup();
    renderWithToasts(<VehicleDialog teamId="t1" vehicle={{ ...base, maxTrips: 2 }} dimensions={["kg"]} open onOpenChange={vi.fn()} />);
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Save vehicle" }));
    expect(await within(dialog).findByText(fleetMessages.maxTrips)).toBeInTheDocument();
    expect(trips(dialog)).toHaveAttribute("aria-invalid", "true");
    expect(trips(dialog)).toHaveFocus();
    expect(document.querySelector("[data-sonner-toast]")).toBeNull();
  });

  it("the vehicles list says 'up to N trips' for a vehicle that reloads, nothing for one trip", async () => {
    fakeApi({}, [{ ...base, maxTrips: 3, reloadMinutes: 20 }, { ...base, id: "v2", name: "Van 2" }]);
    renderWithQuery(<VehiclesView teamId="t1" dimensions={["kg"]} />);
    expect(await screen.findByRole("row", { name: /Van 1/ })).toHaveTextContent("up to 3 trips, 20 min reload");
    expect(screen.getByRole("row", { name: /Van 2/ })).not.toHaveTextContent("trips");
  });
});
