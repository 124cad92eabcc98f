import { seatsFullMessage, TEAM_MESSAGES } from '@core/teams';
import { isSeatLimitRefusal, manageableRoles, seesTeamBusiness } from './team-staff';

describe('who manages whom on My Team', () => {
  it('lets a director invite gamers and coaches, a coach only gamers, and a gamer nobody', () => {
    expect(manageableRoles(['DIRECTOR'])).toEqual(['GAMER', 'COACH']);
    expect(manageableRoles(['COACH'])).toEqual(['GAMER']);
    expect(manageableRoles(['GAMER'])).toEqual([]);
    expect(manageableRoles(['COACH', 'GAMER'])).toEqual(['GAMER']);
  });

  it('shows seats, invites and codes to staff only', () => {
    expect([['DIRECTOR'], ['COACH'], ['ADMIN'], ['GAMER']].map(seesTeamBusiness)).toEqual([true, true, true, false]);
  });
});

describe('isSeatLimitRefusal', () => {
  it("recognises the server's full-seats refusal for any number of seats, and nothing else", () => {
    expect(isSeatLimitRefusal(seatsFullMessage('GAMER', 5))).toBe(true);
    expect(isSeatLimitRefusal(seatsFullMessage('GAMER', 12))).toBe(true);
    expect(isSeatLimitRefusal(seatsFullMessage('COACH', 1))).toBe(false);
    expect(isSeatLimitRefusal(TEAM_MESSAGES.alreadyInvited)).toBe(false);
  });
});
