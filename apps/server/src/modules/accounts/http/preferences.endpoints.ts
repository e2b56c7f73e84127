import { createRoute } from "@hono/zod-openapi";
import { preferencesSchema, updatePreferencesSchema } from "@routepilot/contracts";
import { authErrors, json } from "../../../lib/openapi";

export const getPreferences = createRoute({
  method: "get",
  path: "/api/preferences",
  tags: ["Preferences"],
  summary: "The signed-in user's preferences (created with SPEC defaults on first read)",
  responses: { 200: json(preferencesSchema, "Preferences"), 401: authErrors[401] },
});

export const patchPreferences = createRoute({
  method: "patch",
  path: "/api/preferences",
  tags: ["Preferences"],
  summary: "Update some preferences; an explicit light/dark theme is stored as darkMode",
  request: { body: { content: { "application/json": { schema: updatePreferencesSchema } }, required: true } },
  responses: { 200: json(preferencesSchema, "Updated preferences"), ...authErrors },
});
