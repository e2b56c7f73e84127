import { fireEvent } from "@testing-library/react";

/**
 * jsdom lays nothing out, so every element is 0 × 0 and Leaflet neither fits a map nor asks for
 * tiles. This gives every element a size (the map's container included) until the returned
 * function is called.
 */
export function stubElementSize(width = 800, height = 600): (() => void) & { resize: (width: number, height: number) => void } {
  const proto = window.HTMLElement.prototype;
  const saved = ["clientWidth", "clientHeight"].map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const);
  let size = { width, height };
  Object.defineProperty(proto, "clientWidth", { configurable: true, get: () => size.width });
  Object.defineProperty(proto, "clientHeight", { configurable: true, get: () => size.height });
  const restore = () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[name];
    }
  };
  return Object.assign(restore, {
    /** Changes the size every element reports (a panel that grew, a map that was shown). */
    resize: (w: number, h: number) => {
      size = { width: w, height: h };
    },
  });
}

/** Makes every tile image the map has asked for fail, as when the tile server cannot be reached. */
export function failTiles(container: HTMLElement): number {
  const tiles = [...container.querySelectorAll("img.leaflet-tile")];
  for (const tile of tiles) fireEvent.error(tile);
  return tiles.length;
}
