import { createRoute, z } from "@hono/zod-openapi";
import { createSavedLocationSchema, savedLocationSchema, updateSavedLocationSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const IdParam = z.object({ id: z.uuid({ error: "Saved location not found" }).openapi({ param: { name: "id", in: "path" } }) });

export const listSavedLocations = createRoute({
  method: "get",
  path: "/api/saved-locations",
  tags: ["Saved locations"],
  summary: "The signed-in user's saved locations, newest first",
  responses: { 200: json(z.object({ locations: z.array(savedLocationSchema) }), "Saved locations"), 401: authErrors[401] },
});

export const createSavedLocation = createRoute({
  method: "post",
  path: "/api/saved-locations",
  tags: ["Saved locations"],
  summary: "Save a location (name, address, optional lat/lng)",
  request: { body: { content: { "application/json": { schema: createSavedLocationSchema } }, required: true } },
  responses: { 201: json(savedLocationSchema, "Created"), ...authErrors },
});

export const updateSavedLocation = createRoute({
  method: "patch",
  path: "/api/saved-locations/{id}",
  tags: ["Saved locations"],
  summary: "Rename or move a saved location",
  request: { params: IdParam, body: { content: { "application/json": { schema: updateSavedLocationSchema } }, required: true } },
  responses: { 200: json(savedLocationSchema, "Updated"), ...authErrors, 404: jsonError("No such location for this user") },
});

export const deleteSavedLocation = createRoute({
  method: "delete",
  path: "/api/saved-locations/{id}",
  tags: ["Saved locations"],
  summary: "Delete a saved location (defaults pointing at it are cleared)",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, 401: authErrors[401], 404: jsonError("No such location for this user") },
});
