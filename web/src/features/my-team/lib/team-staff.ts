import { canManage } from '@core/policy';
import { isAdmin, isCoachOrDirector, isRole, type Role } from '@core/roles';
import { INVITE_ROLES, type InviteRole, seatsFullMessage } from '@core/teams';

/** The roles that act for a team: its director, its coach, admins (a gamer manages nobody in it). */
const STAFF_ROLES: readonly Role[] = ['DIRECTOR', 'COACH', 'ADMIN', 'SUPERADMIN'];

/** The roles a viewer may invite and remove (a coach manages gamers, a director gamers and coaches: docs/teams.md, "Operations"). */
export function manageableRoles(groups: readonly string[]): InviteRole[] {
  const staff = groups.filter((group): group is Role => isRole(group) && STAFF_ROLES.includes(group));
  return INVITE_ROLES.filter((role) => staff.some((group) => canManage(group, role)));
}

/** Directors, coaches and admins see the team's seats, invites and codes; its gamers see the members only. */
export const seesTeamBusiness = (groups: readonly string[]) => isCoachOrDirector(groups) || isAdmin(groups);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// The server's refusal for full gamer seats, whatever the number of seats (core/teams/index.ts seatsFullMessage).
const SEATS_FULL = new RegExp(`^${escapeRegExp(seatsFullMessage('GAMER', 0)).replace('0', '\\d+')}$`);

/** Whether the server refused because every gamer seat is taken: the director can then add seats on /pricing. */
export const isSeatLimitRefusal = (message: string) => SEATS_FULL.test(message);
