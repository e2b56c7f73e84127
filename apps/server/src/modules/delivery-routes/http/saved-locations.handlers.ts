import { createRouter, requireUser } from "../../../lib/context";
import * as service from "../saved-locations";
import * as routes from "./saved-locations.endpoints";

export const savedLocationsRouter = createRouter()
  .openapi(routes.listSavedLocations, async (c) => {
    const user = requireUser(c);
    return c.json({ locations: await service.listSavedLocations(c.get("deps").db, user.id) }, 200);
  })
  .openapi(routes.createSavedLocation, async (c) => {
    const user = requireUser(c);
    const { geocoder } = await c.get("deps").geo.get();
    return c.json(await service.createSavedLocation(c.get("deps").db, geocoder, user.id, c.req.valid("json")), 201);
  })
  .openapi(routes.updateSavedLocation, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    const { geocoder } = await c.get("deps").geo.get();
    return c.json(await service.updateSavedLocation(c.get("deps").db, geocoder, user.id, id, c.req.valid("json")), 200);
  })
  .openapi(routes.deleteSavedLocation, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    await service.deleteSavedLocation(c.get("deps").db, user.id, id);
    return c.body(null, 204);
  });
