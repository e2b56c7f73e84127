import { createRoute, z } from "@hono/zod-openapi";
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, avatarResponseSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const tags = ["Account"];
const pathParam = (name: string) => ({ param: { name, in: "path" as const } });

/** An avatar upload's body may be this large: the 5 MiB file plus the multipart framing and crop fields. */
export const AVATAR_BODY_LIMIT_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

export const putAvatar = createRoute({
  method: "put",
  path: "/api/me/avatar",
  tags,
  summary: `Upload the signed-in user's avatar (multipart/form-data: file, a PNG, JPEG or WebP of at most ${AVATAR_MAX_BYTES / 1024 / 1024} MiB and 40 megapixels, checked by its bytes; optional cropX, cropY, cropSize: the crop square in the upright image's pixels, else the centre square). The server crops, resizes to ${AVATAR_SIZE_PX}×${AVATAR_SIZE_PX}, re-encodes as WebP without metadata, stores it, sets the user's image to its versioned URL and removes the previous one`,
  request: {
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({
            file: z.any().optional().openapi({ type: "string", format: "binary" }),
            cropX: z.string().optional(),
            cropY: z.string().optional(),
            cropSize: z.string().optional(),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(avatarResponseSchema, "The user's new image URL"),
    400: jsonError("No file, an image that cannot be decoded or has too many pixels, or a crop square outside the image"),
    401: authErrors[401],
    413: jsonError("A file larger than 5 MiB"),
    415: jsonError("Not a PNG, JPEG or WebP image"),
  },
});

export const deleteAvatar = createRoute({
  method: "delete",
  path: "/api/me/avatar",
  tags,
  summary: "Remove the signed-in user's avatar: the image is cleared and the stored object deleted",
  responses: { 200: json(avatarResponseSchema, "image is null"), 401: authErrors[401], 404: jsonError("No avatar to remove") },
});

export const getAvatar = createRoute({
  method: "get",
  path: "/api/avatars/{userId}/{version}",
  tags,
  summary:
    "A stored avatar (image/webp, 256×256) for a signed-in caller. A version's bytes never change: Cache-Control private, max-age one year, immutable; ETag is the bytes' SHA-256 (If-None-Match → 304). An old or unknown version is 404",
  request: { params: z.object({ userId: z.string().openapi(pathParam("userId")), version: z.string().openapi(pathParam("version")) }) },
  responses: {
    200: { description: "The avatar", content: { "image/webp": { schema: z.any() } } },
    304: { description: "The browser's copy is current" },
    401: authErrors[401],
    404: jsonError("No such avatar"),
  },
});
