/** Every cached read of one team starts with `team(teamId)`, so a change refreshes them all at once. */
export const myTeamKeys = {
  all: ['my-team'] as const,
  team: (teamId: string) => [...myTeamKeys.all, teamId] as const,
  /** One page of the members table, as the table asks for it. */
  members: <Query extends { teamId: string }>(query: Query) => [...myTeamKeys.team(query.teamId), 'members', query] as const,
  staff: (teamId: string) => [...myTeamKeys.team(teamId), 'staff'] as const,
};
