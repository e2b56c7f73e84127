import { driverMessages } from "@routepilot/contracts";
import { createRouter } from "../../../lib/context";
import { AppError } from "../../../lib/errors";
import { getTracking, PROOF_BUCKET, trackingPhoto } from "../customer-messages/tracking";
import { getUnsubscribe, postUnsubscribe } from "../customer-messages/unsubscribe";
import * as routes from "./tracking.endpoints";

const privateHeaders = { "cache-control": "no-store", "x-robots-tag": "noindex", "referrer-policy": "no-referrer" };

export const trackingRouter = createRouter()
  .openapi(routes.getTracking, async (c) => {
    return c.json(await getTracking(c.get("deps").db, c.req.valid("param").token), 200, privateHeaders);
  })
  .openapi(routes.getTrackingPhoto, async (c) => {
    const deps = c.get("deps");
    const photo = await trackingPhoto(deps.db, c.req.valid("param").token);
    const object = await deps.storage.read(PROOF_BUCKET, photo.objectKey);
    if (!object) throw new AppError(404, "NOT_FOUND", driverMessages.trackingGone);
    return c.body(new Uint8Array(object.bytes), 200, {
      ...privateHeaders,
      "content-type": object.info.contentType,
      "x-content-type-options": "nosniff",
      "content-disposition": "inline",
    }) as never;
  })
  .openapi(routes.getUnsubscribe, async (c) => {
    c.header("cache-control", "no-store");
    return c.json(await getUnsubscribe(c.get("deps"), c.req.valid("param").token), 200);
  })
  .openapi(routes.postUnsubscribe, async (c) => {
    return c.json(await postUnsubscribe(c.get("deps"), c.req.valid("param").token), 200);
  });
