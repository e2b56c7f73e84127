import { profileMessages } from "@routepilot/contracts";
import { createRouter, requireUser } from "../../../lib/context";
import { ValidationError } from "../../../lib/errors";
import { openAvatar, parseCrop, removeAvatar, renderAvatar, setAvatar } from "../avatars";
import * as routes from "./profile.endpoints";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The profile's avatar API (issue 27); the name and e-mail go through Better Auth's update-user and change-email. */
export const profileRouter = createRouter()
  .openapi(routes.putAvatar, async (c) => {
    const user = requireUser(c);
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw new ValidationError(profileMessages.avatarRequired, { file: profileMessages.avatarRequired });
    }
    const file = body.file;
    if (!(file instanceof File)) throw new ValidationError(profileMessages.avatarRequired, { file: profileMessages.avatarRequired });
    const crop = parseCrop(body);
    const webp = await renderAvatar(new Uint8Array(await file.arrayBuffer()), crop);
    const image = await setAvatar(c.get("deps"), user.id, webp);
    return c.json({ image }, 200);
  })
  .openapi(routes.deleteAvatar, async (c) => {
    const user = requireUser(c);
    await removeAvatar(c.get("deps"), user.id);
    return c.json({ image: null }, 200);
  })
  .openapi(routes.getAvatar, async (c) => {
    requireUser(c);
    const { userId, version } = c.req.valid("param");
    const object = await openAvatar(c.get("deps"), userId, version);
    const etag = `"${object.info.sha256}"`;
    const headers = {
      "Cache-Control": `private, max-age=${YEAR_SECONDS}, immutable`,
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    };
    const match = c.req.header("if-none-match");
    if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
      await object.body.cancel();
      return new Response(null, { status: 304, headers }) as never;
    }
    return new Response(object.body, {
      status: 200,
      headers: { ...headers, "Content-Type": object.info.contentType, "Content-Length": String(object.info.sizeBytes) },
    }) as never;
  });
