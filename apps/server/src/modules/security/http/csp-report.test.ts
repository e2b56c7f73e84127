import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspReports } from "@routepilot/db";
import { BASE, createTestApp, type TestApp } from "../../../test/harness";
import { CSP_REPORTS_PER_MINUTE } from "../rate-limits";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "1" });
});
afterAll(() => t.close());

let ip = 0;
/** A report from a browser at its own client address (each test its own, so the limit is not shared). */
function send(body: string, contentType: string, address = `10.0.0.${++ip}`) {
  return t.app.request(`${BASE}/api/csp-report`, { method: "POST", headers: { "content-type": contentType, "x-forwarded-for": address }, body });
}

const legacy = {
  "csp-report": {
    "document-uri": `${BASE}/planner`,
    referrer: "",
    "violated-directive": "img-src",
    "effective-directive": "img-src",
    "original-policy": "default-src 'self'",
    "blocked-uri": "https://tiles.example.com/1/2/3.png",
    "status-code": 200,
  },
};

describe("POST /api/csp-report", () => {
  it("stores a report-uri report (application/csp-report): 204, no sign-in", async () => {
    const res = await send(JSON.stringify(legacy), "application/csp-report");
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const [row] = await t.deps.db.select().from(cspReports);
    expect(row).toMatchObject({ documentUri: `${BASE}/planner`, violatedDirective: "img-src", blockedUri: "https://tiles.example.com/1/2/3.png" });
    expect(row!.report).toEqual(legacy);
  });

  it("stores the Reporting API's csp-violation reports (application/reports+json) and ignores other types", async () => {
    const before = (await t.deps.db.select().from(cspReports)).length;
    const body = [
      { type: "csp-violation", age: 10, url: `${BASE}/driver`, user_agent: "Chrome", body: { documentURL: `${BASE}/driver`, effectiveDirective: "script-src-elem", blockedURL: "inline", disposition: "enforce" } },
      { type: "deprecation", url: `${BASE}/`, body: { id: "x" } },
    ];
    const res = await send(JSON.stringify(body), "application/reports+json");
    expect(res.status).toBe(204);
    const rows = await t.deps.db.select().from(cspReports);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ documentUri: `${BASE}/driver`, violatedDirective: "script-src-elem", blockedUri: "inline" });
  });

  it("garbage is a 4xx JSON error, never a 5xx: bad JSON, wrong shapes, NUL characters, other content types", async () => {
    const cases: [string, string, number][] = [
      ["not json", "application/csp-report", 400],
      ["[1, 2", "application/reports+json", 400],
      ["{}", "application/csp-report", 400],
      ['{"csp-report": "x"}', "application/csp-report", 400],
      ['{"a": 1}', "application/reports+json", 400],
      [JSON.stringify(legacy), "application/json", 400],
      [JSON.stringify(legacy), "text/plain", 415],
    ];
    for (const [body, type, status] of cases) {
      const res = await send(body, type);
      expect(res.status, `${type} ${body}`).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toEqual(expect.any(String));
    }
    const nul = { "csp-report": { "document-uri": "a\u0000b", "blocked-uri": "x".repeat(10_000), nested: { deep: [1, Infinity, { "k\u0000\ud800": "v\u0000\udfff" }] } } };
    expect((await send(JSON.stringify(nul), "application/csp-report")).status).toBe(204);
    const stored = (await t.deps.db.select().from(cspReports)).find((r) => r.documentUri === "ab");
    expect(stored?.blockedUri).toHaveLength(2048);
  });

  it("accepts at most 64 KB", async () => {
    const big = JSON.stringify({ "csp-report": { "document-uri": "x", pad: "y".repeat(70 * 1024) } });
    const res = await send(big, "application/csp-report");
    expect(res.status).toBe(413);
  });

  it(`is limited to ${CSP_REPORTS_PER_MINUTE} reports a minute per address (429 with Retry-After); other addresses still report`, async () => {
    const address = "10.9.9.9";
    for (let i = 0; i < CSP_REPORTS_PER_MINUTE; i++) expect((await send(JSON.stringify(legacy), "application/csp-report", address)).status).toBe(204);
    const denied = await send(JSON.stringify(legacy), "application/csp-report", address);
    expect(denied.status).toBe(429);
    expect(Number(denied.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send(JSON.stringify(legacy), "application/csp-report")).status).toBe(204);
  });
});
