import { createRouter, requireUser } from "../../lib/context";
import * as service from "../../services/saved-locations";
import * as routes from "./saved-locations.routes";

export const savedLocationsRouter = createRouter()
  .openapi(routes.listSavedLocations, async (c) => {
    const user = requireUser(c);
    return c.json({ locations: await service.listSavedLocations(c.get("deps").db, user.id) }, 200);
  })
  .openapi(routes.createSavedLocation, async (c) => {
    const user = requireUser(c);
    const input = c.req.valid("json");
    const { geocoder } = await c.get("deps").geo.get();
    const at = await service.locateAddress(geocoder, input.address, input.lat, input.lng);
    return c.json(await service.createSavedLocation(c.get("deps").db, user.id, { ...input, ...at }), 201);
  })
  .openapi(routes.updateSavedLocation, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    const patch = c.req.valid("json");
    // A new address without coordinates is looked up again (the old coordinates would be wrong).
    const moved = patch.address !== undefined && patch.lat == null ? await service.locateAddress((await c.get("deps").geo.get()).geocoder, patch.address, null, null) : {};
    return c.json(await service.updateSavedLocation(c.get("deps").db, user.id, id, { ...patch, ...moved }), 200);
  })
  .openapi(routes.deleteSavedLocation, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    await service.deleteSavedLocation(c.get("deps").db, user.id, id);
    return c.body(null, 204);
  });
