/** Key builders for every item kind in the table; docs/data-model.md lists the access patterns. */
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  userByEmail: (email: string) => ({ gsi1pk: `EMAIL#${email.toLowerCase()}`, gsi1sk: 'USER' }),
  team: (teamId: string) => ({ pk: `TEAM#${teamId}`, sk: 'TEAM' }),
  teamByOwner: (ownerId: string, teamId: string) => ({ gsi1pk: `OWNER#${ownerId}`, gsi1sk: `TEAM#${teamId}` }),
  membership: (teamId: string, userId: string) => ({ pk: `TEAM#${teamId}`, sk: `MEMBER#${userId}` }),
  membershipByUser: (userId: string, teamId: string) => ({ gsi1pk: `USER#${userId}`, gsi1sk: `MEMBER#${teamId}` }),
};
