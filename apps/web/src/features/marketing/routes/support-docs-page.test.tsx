import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { SupportDocsPage } from "@/features/marketing/routes/support-docs-page";
import { bodyFields, curlExample, publicOperations, type OpenApiDocument } from "@/features/marketing/components/api-reference";

/** A cut of the server's /api/openapi.json (zod-openapi's output shape). */
const doc: OpenApiDocument = {
  paths: {
    "/api/routes": { get: { summary: "Your routes", responses: { 200: { description: "Routes" } } } },
    "/api/v1/optimize": {
      post: {
        summary: "Solve a VROOM problem while you wait",
        requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/VroomInput" } } } },
        responses: { 200: { description: "VROOM output" }, 400: { description: "Invalid input: VROOM code 2" }, 401: { description: "Missing, unknown, expired or revoked API key" } },
      },
    },
    "/api/v1/jobs/{id}": { get: { summary: "A job's status", responses: { 200: { description: "Status" } } } },
  },
  components: {
    schemas: {
      VroomInput: {
        type: "object",
        required: ["vehicles"],
        properties: {
          vehicles: { type: "array", items: { $ref: "#/components/schemas/VroomVehicle" }, description: "At least one vehicle" },
          jobs: { type: "array", items: { $ref: "#/components/schemas/VroomJob" } },
        },
      },
      VroomVehicle: { type: "object", required: ["id"], properties: { id: { type: "integer" }, start: { type: "array", prefixItems: [{ type: "number" }, { type: "number" }], description: "[longitude, latitude]" } } },
      VroomJob: { type: "object", properties: { id: { type: "integer" }, service: { type: "integer", description: "Seconds at the stop" } } },
    },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe("the API reference on /support-docs", () => {
  it("lists only /api/v1 operations, with the body's fields one level down", () => {
    expect(publicOperations(doc).map((o) => `${o.method} ${o.path}`)).toEqual(["post /api/v1/optimize", "get /api/v1/jobs/{id}"]);
    const fields = bodyFields(doc, doc.paths["/api/v1/optimize"]!.post!);
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ["vehicles", "VroomVehicle[]", true],
      ["vehicles[].id", "integer", true],
      ["vehicles[].start", "[number, number]", false],
      ["jobs", "VroomJob[]", false],
      ["jobs[].id", "integer", false],
      ["jobs[].service", "integer", false],
    ]);
  });

  it("curl examples send the key and, for a body, the example file", () => {
    expect(curlExample("https://rp.example", "post", "/api/v1/optimize", true)).toBe(
      'curl -X POST "https://rp.example/api/v1/optimize" \\\n  -H "Authorization: Bearer $ROUTEPILOT_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  --data @vroom-example.json',
    );
    expect(curlExample("https://rp.example", "get", "/api/v1/jobs/{id}", false)).toBe('curl "https://rp.example/api/v1/jobs/<id>" \\\n  -H "Authorization: Bearer $ROUTEPILOT_API_KEY"');
  });

  it("renders the section from the fetched document: operations, fields, answers, curl and the example download", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(doc)));
    vi.stubGlobal("fetch", fetchMock);
    renderWithQuery(
      <MemoryRouter>
        <SupportDocsPage />
      </MemoryRouter>,
    );
    const section = screen.getByRole("region", { name: "API" });
    expect(await within(section).findByText("/api/v1/optimize")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/openapi.json", expect.anything());
    expect(within(section).queryByText("/api/routes")).toBeNull();
    expect(within(section).getByRole("table", { name: "Request body fields of POST /api/v1/optimize" })).toBeInTheDocument();
    expect(within(section).getByText("vehicles[].start")).toBeInTheDocument();
    expect(within(section).getByText(/Missing, unknown, expired or revoked API key/)).toBeInTheDocument();
    expect(within(section).getByLabelText("curl example for POST /api/v1/optimize").textContent).toContain("--data @vroom-example.json");
    expect(within(section).getByRole("link", { name: "Download an example VROOM file" })).toHaveAttribute("href", "/examples/vroom-example.json");
  });

  it("documents the JWT for integrations: GET /api/auth/token, GET /api/auth/jwks, the claims and a verification example", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse(doc))));
    renderWithQuery(
      <MemoryRouter>
        <SupportDocsPage />
      </MemoryRouter>,
    );
    const section = screen.getByRole("region", { name: "API" });
    expect(within(section).getByRole("heading", { name: "Tokens for integrations (JWT and JWKS)" })).toBeInTheDocument();
    expect(within(section).getByText("/api/auth/token")).toBeInTheDocument();
    expect(within(section).getByText("/api/auth/jwks")).toBeInTheDocument();
    expect(within(section).getByText(/valid 15 minutes, signed with EdDSA/)).toBeInTheDocument();
    expect(within(section).getByLabelText("Example: checking a RoutePilot token with the jose library").textContent).toContain("/api/auth/jwks");
  });

  it("says so when the document cannot be loaded", async () => {
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(jsonResponse({}, 500))));
    renderWithQuery(
      <MemoryRouter>
        <SupportDocsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(/could not be loaded from \/api\/openapi.json/)).toBeInTheDocument();
  });
});
