import type { VehicleInput } from "@routepilot/contracts";
import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import * as service from "..";
import * as drivers from "./drivers.endpoints";
import * as settings from "./settings.endpoints";
import * as vehicles from "./vehicles.endpoints";

const deps = (c: AppContext) => c.get("deps");

/** Vehicles, drivers and fleet settings of a team (issue 11); plans live in their own router. */
export const fleetRouter = createRouter()
  .openapi(vehicles.listVehicles, async (c) => {
    const user = requireUser(c);
    return c.json({ vehicles: await service.listVehicles(deps(c), user, c.req.valid("param").teamId) }, 200);
  })
  .openapi(vehicles.createVehicle, async (c) => {
    const user = requireUser(c);
    return c.json(await service.createVehicle(deps(c), user, c.req.valid("param").teamId, c.req.valid("json")), 201);
  })
  .openapi(vehicles.getVehicle, async (c) => {
    const user = requireUser(c);
    const { teamId, vehicleId } = c.req.valid("param");
    return c.json(await service.getVehicle(deps(c), user, teamId, vehicleId), 200);
  })
  .openapi(vehicles.updateVehicle, async (c) => {
    const user = requireUser(c);
    const { teamId, vehicleId } = c.req.valid("param");
    // Validation fills defaults in; only the fields the body names change.
    const given = Object.keys((await c.req.json()) as Record<string, unknown>);
    const valid = c.req.valid("json") as Record<string, unknown>;
    const patch = Object.fromEntries(given.filter((k) => k in valid).map((k) => [k, valid[k]])) as Partial<VehicleInput>;
    return c.json(await service.updateVehicle(deps(c), user, teamId, vehicleId, patch), 200);
  })
  .openapi(vehicles.archiveVehicle, async (c) => {
    const user = requireUser(c);
    const { teamId, vehicleId } = c.req.valid("param");
    await service.archiveVehicle(deps(c), user, teamId, vehicleId);
    return c.body(null, 204);
  })
  .openapi(drivers.listDrivers, async (c) => {
    const user = requireUser(c);
    return c.json({ drivers: await service.listDrivers(deps(c), user, c.req.valid("param").teamId) }, 200);
  })
  .openapi(drivers.getDriver, async (c) => {
    const user = requireUser(c);
    const { teamId, userId } = c.req.valid("param");
    return c.json(await service.getDriver(deps(c), user, teamId, userId), 200);
  })
  .openapi(drivers.putDriver, async (c) => {
    const user = requireUser(c);
    const { teamId, userId } = c.req.valid("param");
    return c.json(await service.putDriver(deps(c), user, teamId, userId, c.req.valid("json")), 200);
  })
  .openapi(settings.getFleetSettings, async (c) => {
    const user = requireUser(c);
    return c.json(await service.getFleetSettings(deps(c), user, c.req.valid("param").teamId), 200);
  })
  .openapi(settings.putFleetSettings, async (c) => {
    const user = requireUser(c);
    return c.json(await service.putFleetSettings(deps(c), user, c.req.valid("param").teamId, c.req.valid("json")), 200);
  });
