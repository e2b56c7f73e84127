import { describe, expect, it } from "vitest";
import { ExtractLoadError } from "./errors";
import { loadOsmExtract } from "./osm-extract";
import { DATASETS_OSM_DIR, MONACO_PBF } from "./testing/extracts";

describe("loadOsmExtract", () => {
  it("names OSM_EXTRACT and the path when the file is missing or a folder (no raw ENOENT)", async () => {
    await expect(loadOsmExtract("datasets/osm/missing.osm.pbf")).rejects.toThrow(ExtractLoadError);
    await expect(loadOsmExtract("datasets/osm/missing.osm.pbf")).rejects.toThrow(/^OSM_EXTRACT: cannot read "datasets\/osm\/missing\.osm\.pbf" \(.+\): no such file/);
    await expect(loadOsmExtract(DATASETS_OSM_DIR)).rejects.toThrow(/OSM_EXTRACT: .*it is a folder/);
  });

  it("summarises what it loaded", async () => {
    const { summary } = await loadOsmExtract(MONACO_PBF);
    expect(summary).toMatchObject({ nodes: expect.any(Number), ways: expect.any(Number), addresses: expect.any(Number), places: expect.any(Number) });
    expect(summary.nodes).toBeGreaterThan(10_000);
    expect(summary.seconds).toBeGreaterThan(0);
  });
});
