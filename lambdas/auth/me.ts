import { AUTH_ERRORS } from '@core/auth/validation';
import type { Caller } from '../lib/appsync';
import { NotFoundError } from '../lib/errors';
import { userView } from '../lib/stores/user-store';
import type { AuthDeps } from './deps';

/**
 * The signed-in user's profile with pending invites (once its e-mail is proven) and teams: one GetItem, three key queries in parallel
 * (invites by e-mail, memberships by user, teams by owner) and one BatchGetItem for the teams they name.
 */
export async function me(caller: Caller, deps: AuthDeps) {
  const user = await deps.users.get(caller.sub);
  if (!user) throw new NotFoundError(AUTH_ERRORS.userNotFound);
  const [invites, memberships, ownedTeams] = await Promise.all([
    // Invites matched by e-mail only once the account proved it owns that mailbox (docs/teams.md).
    user.emailVerified ? deps.invites.pendingFor(user.email) : [],
    deps.teams.membershipsOfUser(user.id),
    deps.teams.ownedBy(user.id),
  ]);
  const teams = new Map(
    (await deps.teams.getMany([...memberships.map((m) => m.teamId), ...invites.map((i) => i.teamId)])).map((team) => [team.id, team]),
  );
  const teamsAs = (role: 'GAMER' | 'COACH') =>
    memberships.flatMap((membership) => (membership.role === role ? (teams.get(membership.teamId) ?? []) : []));
  return {
    ...userView(user),
    Invites: invites.map((invite) => ({ ...invite, Team: teams.get(invite.teamId) ?? null })),
    Team: teamsAs('GAMER'),
    coachedTeams: teamsAs('COACH'),
    ownedTeams,
  };
}
