import { z } from "zod";
import { tiers } from "./tiers";

export const accountRoles = ["user", "admin", "super_admin"] as const;
export const fleetRoles = ["driver", "manager"] as const;
export type FleetRole = (typeof fleetRoles)[number];

/** GET /api/me: who the signed-in user is and what the shell may show them. */
export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    role: z.string(),
    createdAt: z.string(),
  }),
  tier: z.enum(tiers),
  fleetRoles: z.array(z.enum(fleetRoles)),
  access: z.object({
    teams: z.boolean(),
    fleet: z.boolean(),
    enhancedAnalytics: z.boolean(),
    /** SPEC §2/§6: Fleet Dashboard and Team Management menu items, by tier (enterprise, fleet_pro). */
    teamManagement: z.boolean(),
    admin: z.boolean(),
    superAdmin: z.boolean(),
  }),
  isLegacyUser: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
