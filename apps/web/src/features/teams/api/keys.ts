/** Query keys of the teams feature: the caller's teams, one team's detail, one invitation by token. */
export const teamKeys = {
  all: ["teams"] as const,
  list: () => ["teams", "list"] as const,
  detail: (teamId: string) => ["teams", "detail", teamId] as const,
  invitation: (token: string) => ["teams", "invitation", token] as const,
};
