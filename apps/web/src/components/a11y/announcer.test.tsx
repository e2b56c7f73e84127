import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { AnnouncerProvider, useAnnounce } from "@/components/a11y/announcer";

function Speaker() {
  const announce = useAnnounce();
  return <button onClick={() => announce("Settings page")}>speak</button>;
}

describe("announcer", () => {
  afterEach(() => vi.useRealTimers());

  it("puts the message in a polite live region and clears it after 1 s", () => {
    vi.useFakeTimers();
    render(
      <AnnouncerProvider>
        <Speaker />
      </AnnouncerProvider>,
    );
    act(() => screen.getByRole("button", { name: "speak" }).click());
    const region = screen.getByTestId("announcer");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(region).toHaveTextContent("Settings page");
    act(() => vi.advanceTimersByTime(999));
    expect(region).toHaveTextContent("Settings page");
    act(() => vi.advanceTimersByTime(1));
    expect(region).toHaveTextContent("");
  });
});
