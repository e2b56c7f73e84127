import { describe, expect, it } from "vitest";
import { render, waitFor } from "@testing-library/react";
import { RouteMap, type MapPoint } from "@/lib/map/route-map";

const start: MapPoint = { lat: 47.14, lng: 9.52, label: "Vaduz" };
const a = { id: "a", lat: 47.16, lng: 9.51, label: "Schaan" };
const b = { id: "b", lat: 47.21, lng: 9.52, label: "Eschen" };
const c = { id: "c", lat: 47.06, lng: 9.5, label: "Balzers" };

/** "n title" of every stop marker, by number. */
const titles = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-marker="stop"]')].map((el) => `${el.textContent} ${el.parentElement?.getAttribute("title")}`).sort((x, y) => parseInt(x) - parseInt(y));

describe("RouteMap", () => {
  it("numbers the markers in the order of the stops it is given, and follows a new order", () => {
    const { container, rerender } = render(<RouteMap start={start} stops={[a, b, c]} />);
    expect(titles(container)).toEqual(["1 Stop 1: Schaan", "2 Stop 2: Eschen", "3 Stop 3: Balzers"]);
    rerender(<RouteMap start={start} stops={[b, a, c]} selected={0} provisional />);
    expect(titles(container)).toEqual(["1 Stop 1: Eschen", "2 Stop 2: Schaan", "3 Stop 3: Balzers"]);
    expect(container.querySelector(".rp-marker-selected")?.textContent).toBe("1");
    expect(container.querySelector("path.rp-route-line-provisional")).not.toBeNull();
  });

  it("groups a crowded map's stops into clusters that say which stops they hold", async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: `s${i}`, lat: 47.14 + (i % 8) * 0.0004, lng: 9.52 + Math.floor(i / 8) * 0.0004, label: `Stop place ${i}` }));
    const { container } = render(<RouteMap start={start} stops={many} />);
    await waitFor(() => expect(container.querySelectorAll('[data-marker="cluster"]').length).toBeGreaterThan(0));
    const clusters = [...container.querySelectorAll('[data-marker="cluster"]')];
    // jsdom has no layout, so only part of the map counts as visible: every cluster holds several stops, none more than all.
    for (const el of clusters) expect(Number(el.textContent)).toBeGreaterThanOrEqual(2);
    expect(clusters.reduce((n, el) => n + Number(el.textContent), 0)).toBeLessThanOrEqual(40);
    expect(clusters[0]!.getAttribute("title")).toMatch(/^\d+ stops: \d+(, \d+)*$/);
  });

  it("does not cluster a few stops", () => {
    const { container } = render(<RouteMap start={start} stops={[a, b, c]} />);
    expect(container.querySelectorAll('[data-marker="cluster"]')).toHaveLength(0);
  });
});
