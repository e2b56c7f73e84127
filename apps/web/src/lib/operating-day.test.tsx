import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createFormatter } from "@routepilot/contracts";
import { dayTitle, isDay, localDate, relativeDay, shiftDate, useOperatingDay, weekdayOf } from "@/lib/operating-day";

describe("operating day", () => {
  afterEach(() => sessionStorage.clear());

  it("reads and moves days on the calendar", () => {
    expect(isDay("2026-11-30")).toBe(true);
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("monday")).toBe(false);
    expect(shiftDate("2026-11-28", 2)).toBe("2026-11-30");
    expect(shiftDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(weekdayOf("2026-11-28")).toEqual({ key: "sat", plural: "Saturdays" });
    expect(relativeDay("2026-11-29", "2026-11-28")).toBe("tomorrow");
    expect(relativeDay("2026-11-30", "2026-11-28")).toBeNull();
  });

  it("writes a day in words, with the year only when it is not this year's, in the reader's language", () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T10:00:00Z") });
    try {
      expect(dayTitle("2026-11-30")).toBe("Monday 30 November");
      // The old title read "Monday 4 January 2027"; ICU's en-GB pattern with a year has a comma (format.ts's to decide).
      expect(dayTitle("2027-01-04", "2026-11-28")).toMatch(/^Monday,? 4 January 2027$/);
      expect(dayTitle("2026-11-30", undefined, createFormatter({ language: "de", timeZone: "Pacific/Kiritimati", unit: "km" }))).toBe("Montag, 30. November");
    } finally {
      vi.useRealTimers();
    }
  });

  function Screen({ fallback }: { fallback: "today" | "tomorrow" }) {
    const [day, setDay] = useOperatingDay(fallback);
    const location = useLocation();
    return (
      <>
        <output aria-label="day">{day}</output>
        <output aria-label="search">{location.search}</output>
        <button type="button" onClick={() => setDay(shiftDate(day, 2))}>
          later
        </button>
      </>
    );
  }

  it("takes ?date= first, then the day last chosen in this tab, then the screen's natural day", async () => {
    const today = localDate();
    const { unmount } = render(
      <MemoryRouter initialEntries={["/fleet/live"]}>
        <Screen fallback="today" />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText("day")).toHaveTextContent(today);
    await userEvent.click(screen.getByRole("button", { name: "later" }));
    expect(screen.getByLabelText("search")).toHaveTextContent(`?date=${shiftDate(today, 2)}`);
    unmount();
    // Another screen of the same tab (the planner, whose own default is tomorrow) opens on the chosen day.
    const planner = render(
      <MemoryRouter initialEntries={["/fleet/route-optimization"]}>
        <Screen fallback="tomorrow" />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText("day")).toHaveTextContent(shiftDate(today, 2));
    planner.unmount();
    render(
      <MemoryRouter initialEntries={["/fleet/live?date=2026-01-05"]}>
        <Screen fallback="today" />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText("day")).toHaveTextContent("2026-01-05");
  });
});
