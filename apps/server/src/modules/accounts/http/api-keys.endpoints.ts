import { createRoute, z } from "@hono/zod-openapi";
import { apiKeySchema, createApiKeySchema, createdApiKeySchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const IdParam = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: "id", in: "path" } }) });

export const listApiKeys = createRoute({
  method: "get",
  path: "/api/api-keys",
  tags: ["API keys"],
  summary: "The signed-in user's API keys (name, first characters, created, expires, last used; never the secret)",
  responses: { 200: json(z.object({ keys: z.array(apiKeySchema) }), "API keys, newest first"), 401: authErrors[401] },
});

export const createApiKey = createRoute({
  method: "post",
  path: "/api/api-keys",
  tags: ["API keys"],
  summary: "Create an API key for /api/v1/* (name, expiry in days or null); the secret `key` is in this answer only",
  request: { body: { content: { "application/json": { schema: createApiKeySchema } }, required: true } },
  responses: { 201: json(createdApiKeySchema, "Created; copy `key` now"), ...authErrors, 409: jsonError("Too many keys: revoke one first") },
});

export const revokeApiKey = createRoute({
  method: "delete",
  path: "/api/api-keys/{id}",
  tags: ["API keys"],
  summary: "Revoke an API key: requests with it get 401 from now on",
  request: { params: IdParam },
  responses: { 204: { description: "Revoked" }, 401: authErrors[401], 404: jsonError("No such key for this user") },
});
