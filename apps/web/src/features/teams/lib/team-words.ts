import type { TeamRole } from "@routepilot/contracts";

/** A team role in the reader's language: catalogue keys of the `teams` namespace (decision 028). */
export const ROLE_KEY = {
  owner: "role.owner",
  admin: "role.admin",
  manager: "role.manager",
  driver: "role.driver",
  member: "role.member",
} as const satisfies Record<TeamRole, string>;
