/** The `?notice=` value the role guard adds when a user has neither fleet role. */
export const FLEET_ROLE_NOTICE = "fleet-roles";
