import { isAdmin } from '@core/roles';
import type { Caller } from '../lib/appsync';
import { NotFoundError, UnauthorizedError } from '../lib/errors';
import type { TeamRecord, TeamStore } from '../lib/stores/team-store';
import { teamRelation } from '../teams/team-access';

/**
 * Who may read scores and answers: a gamer their own; a coach the teams they coach and those teams' members;
 * a director the teams they own and their members; admins everyone. Everyone else is refused.
 */
export type AccessTeams = Pick<TeamStore, 'get' | 'getMembership' | 'membershipsOfUser'>;

const leadsTeam = async (caller: Caller, team: TeamRecord, teams: AccessTeams) => {
  const relation = await teamRelation(caller, team, teams);
  return relation === 'OWNER' || relation === 'COACH';
};

export async function assertMayReadUser(caller: Caller, userId: string, teams: AccessTeams): Promise<void> {
  if (userId === caller.sub || isAdmin(caller.groups)) return;
  // A coach or director reads a gamer only through a team the gamer is in: the gamer's memberships (gsi1) decide.
  const memberships = await teams.membershipsOfUser(userId);
  const leads = await Promise.all(
    memberships.map(async ({ teamId }) => {
      const team = await teams.get(teamId);
      return team !== null && (await leadsTeam(caller, team, teams));
    }),
  );
  if (!leads.includes(true)) {
    throw new UnauthorizedError('You can only see your own scores and those of the members of teams you coach or own.');
  }
}

/** The team whose statistics the caller asks for, when they own or coach it or are an admin. */
export async function teamForReader(caller: Caller, teamId: string, teams: AccessTeams): Promise<TeamRecord> {
  const team = await teams.get(teamId);
  if (!team) throw new NotFoundError('Team not found.');
  if (isAdmin(caller.groups) || (await leadsTeam(caller, team, teams))) return team;
  throw new UnauthorizedError("Only the team's director, its coaches and admins can see its statistics.");
}
