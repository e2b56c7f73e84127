import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { PlaceInput } from "@/features/planner/components/place-input";

function Field() {
  const [value, setValue] = useState<{ text: string; lat?: number; lng?: number }>({ text: "" });
  return <PlaceInput label="Start point" value={value} onChange={setValue} />;
}

afterEach(() => vi.unstubAllGlobals());

describe("PlaceInput suggestions", () => {
  it("looks up suggestions for words, but never for typed coordinates", async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ results: [] }));
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderWithQuery(<Field />);
    const input = screen.getByRole("combobox", { name: "Start point" });

    // Typed slowly, so every prefix outlives the debounce.
    for (const char of "47.1, -9.5") {
      await user.type(input, char);
      await act(() => new Promise((r) => setTimeout(r, 200)));
    }
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, "Vaduz");
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain("Vaduz");
  });

  it("Escape pressed before the suggestions arrive keeps the list closed; typing again reopens it", async () => {
    // Every lookup waits for the gate to open.
    let answer: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    const fetchMock = vi.fn(async () => {
      await gate;
      return jsonResponse({ results: [{ label: "Vaduz, Liechtenstein", lat: 47.14, lng: 9.52, kind: "city", provider: "gazetteer", match: "place", attribution: "© OpenStreetMap contributors" }] });
    });
    vi.stubGlobal("fetch", fetchMock);
    const user = userEvent.setup();
    renderWithQuery(<Field />);
    const input = screen.getByRole("combobox", { name: "Start point" });

    await user.type(input, "Vaduz");
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await user.keyboard("{Escape}");
    await act(async () => answer());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole("option")).toBeNull();
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(input).toHaveValue("Vaduz");

    await user.type(input, "{Backspace}z");
    await vi.waitFor(() => expect(screen.getByRole("option", { name: /Vaduz, Liechtenstein/ })).toBeVisible());
    // The suggestion says how precise it is in the badge's words, not the geocoder's internal ones.
    const option = screen.getByRole("option", { name: /Vaduz, Liechtenstein/ });
    expect(option).toHaveTextContent("Town or village");
    expect(option).not.toHaveTextContent(/gazetteer|city ·/);
  });
});
