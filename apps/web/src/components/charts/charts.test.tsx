import { describe, expect, it, vi, afterEach } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { ChartCard, SeriesChart } from "./chart-card";
import { csvField, csvFileName, toCsv, type ChartColumn } from "./csv";
import { presetPeriod, usePeriod } from "./period";
import { PeriodPicker } from "./period-picker";

type Row = { month: string; routes: number; label: string };
const rows: Row[] = [
  { month: "2025-01", routes: 1200, label: 'Depot "North", Leeds' },
  { month: "2025-02", routes: 3, label: "line\nbreak" },
];
const columns: ChartColumn<Row>[] = [
  { key: "month", label: "Month" },
  { key: "routes", label: "Routes" },
  { key: "label", label: "Place" },
];

describe("CSV", () => {
  it("quotes fields with commas, quotes and line breaks (RFC 4180) and ends records with CRLF", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
    expect(csvField(null)).toBe("");
    expect(toCsv(columns, rows)).toBe('Month,Routes,Place\r\n2025-01,1200,"Depot ""North"", Leeds"\r\n2025-02,3,"line\nbreak"\r\n');
  });

  it("names the file from the title and the period", () => {
    expect(csvFileName("Stops per month", { from: "2025-01-01", to: "2025-03-31" })).toBe("stops-per-month_2025-01-01_2025-03-31.csv");
    expect(csvFileName("CO₂ by profile")).toBe("co2-by-profile.csv");
  });
});

describe("ChartCard", () => {
  afterEach(() => vi.restoreAllMocks());

  function renderCard(data: Row[] = rows) {
    return render(
      <ChartCard title="Routes per month" description="Planned routes" period={{ from: "2025-01-01", to: "2025-02-28" }} rows={data} columns={columns}>
        <SeriesChart kind="bar" data={data} xKey="month" series={[{ key: "routes", label: "Routes" }]} />
      </ChartCard>,
    );
  }

  it("shows the same rows as an accessible table when asked", async () => {
    renderCard();
    expect(screen.queryByRole("table")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show as table" }));
    const table = screen.getByRole("table", { name: "Routes per month" });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Month", "Routes", "Place"]);
    expect(within(table).getByRole("rowheader", { name: "2025-01" })).toBeTruthy();
    expect(within(table).getByRole("cell", { name: "1,200" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show as chart" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("downloads the rows as CSV named after the title and period", async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      created.push(blob as Blob);
      return "blob:test";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    let downloadName = "";
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloadName = this.download;
    });
    renderCard();
    await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(downloadName).toBe("routes-per-month_2025-01-01_2025-02-28.csv");
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(text).toBe(toCsv(columns, rows));
  });

  it("says so when there is no data, with the buttons off", () => {
    renderCard([]);
    expect(screen.getByText("No data for this period.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download CSV" })).toHaveProperty("disabled", true);
  });
});

describe("PeriodPicker", () => {
  function Harness() {
    const state = usePeriod();
    const location = useLocation();
    return (
      <>
        <PeriodPicker state={state} />
        <output aria-label="search">{location.search}</output>
        <output aria-label="period">{state.period ? `${state.period.from}..${state.period.to}` : "invalid"}</output>
      </>
    );
  }
  function renderAt(url: string) {
    const router = createMemoryRouter([{ path: "/analytics", element: <Harness /> }], { initialEntries: [url] });
    render(<RouterProvider router={router} />);
  }

  it("computes whole-month presets up to today", () => {
    expect(presetPeriod("this-month", "2025-03-15")).toEqual({ from: "2025-03-01", to: "2025-03-15" });
    expect(presetPeriod("last-3-months", "2025-03-31")).toEqual({ from: "2025-01-01", to: "2025-03-31" });
    expect(presetPeriod("last-12-months", "2025-03-15")).toEqual({ from: "2024-04-01", to: "2025-03-15" });
  });

  it("keeps the chosen preset in the URL", async () => {
    renderAt("/analytics");
    await userEvent.click(screen.getByRole("button", { name: "Last 12 months" }));
    expect(screen.getByLabelText("search").textContent).toBe("?period=last-12-months");
    expect(screen.getByRole("button", { name: "Last 12 months" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("validates a custom period before putting it in the URL", async () => {
    renderAt("/analytics");
    await userEvent.click(screen.getByRole("button", { name: "Custom" }));
    const from = screen.getByLabelText("From");
    const to = screen.getByLabelText("To");
    await userEvent.clear(from);
    await userEvent.type(from, "2025-03-01");
    await userEvent.clear(to);
    await userEvent.type(to, "2025-02-01");
    await userEvent.click(screen.getByRole("button", { name: "Show period" }));
    expect(screen.getByText("The end date must be on or after the start date")).toBeTruthy();
    expect(to.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("search").textContent).toBe("");
    await userEvent.clear(to);
    await userEvent.type(to, "2028-03-01");
    await userEvent.click(screen.getByRole("button", { name: "Show period" }));
    expect(screen.getByText("Choose a period of at most 3 years")).toBeTruthy();
    await userEvent.clear(to);
    await userEvent.type(to, "2025-03-31");
    await userEvent.click(screen.getByRole("button", { name: "Show period" }));
    expect(screen.getByLabelText("search").textContent).toBe("?period=custom&from=2025-03-01&to=2025-03-31");
    expect(screen.getByLabelText("period").textContent).toBe("2025-03-01..2025-03-31");
  });

  it("reads a custom period from the URL and refuses a reversed one", () => {
    renderAt("/analytics?period=custom&from=2025-05-01&to=2025-04-01");
    expect(screen.getByLabelText("period").textContent).toBe("invalid");
    expect(screen.getByText("The end date must be on or after the start date")).toBeTruthy();
  });
});
