import { TEAM_MESSAGES } from '@core/teams';
import type { Caller } from '../lib/appsync';
import { partitionQuery, query } from '../lib/db/table';
import type { MailMessage } from '../lib/mail';
import { dynamoInviteStore as invites, pendingInviteGuardItem } from '../lib/stores/invite-store';
import { freshIds, seedRecords, teamRecord, userRecord } from '../lib/stores/test-support/records';
import { sendInvite } from './invites';
import { teamDeps } from './test-support';

// On DynamoDB Local (jest project `dynamodb`): team codes are global, so each test draws codes of its own run.
let id: (name: string) => string;
beforeEach(() => {
  id = freshIds();
});
const invite = (name: string) => ({ inviteeName: 'Invitee', inviteeEmail: `${id(name)}@fitgauge.test`, role: 'GAMER' as const });

/** A director's team, and the team rules with the codes `codes` (of this test's run) drawn in turn. */
async function world(codes: string[]) {
  const director = userRecord(id('director'), { fullName: 'Dana', role: 'DIRECTOR' });
  const team = teamRecord(id('t1'), director.id, { name: 'Night Owls', description: 'Owls' });
  await seedRecords({ users: [director], teams: [team] });
  const caller: Caller = { sub: director.id, email: null, groups: ['DIRECTOR'], role: 'DIRECTOR' };
  const mail: MailMessage[] = [];
  let drawn = 0;
  const deps = teamDeps({
    sendMail: async (message) => void mail.push(message),
    newTeamCode: () => id(codes[Math.min(drawn++, codes.length - 1)]!),
  });
  return { deps, team, caller, mail };
}

describe('sendInvite and team codes', () => {
  it('draws another code when the one drawn is taken', async () => {
    const { deps, team, caller, mail } = await world(['AAAA2222', 'AAAA2222', 'BBBB3333']);
    await sendInvite(caller, team, invite('first'), deps);
    await expect(sendInvite(caller, team, invite('second'), deps)).resolves.toMatchObject({ code: id('BBBB3333'), status: 'PENDING' });
    expect((await invites.codesOf(team.id)).map((code) => [code.code, code.email])).toEqual([
      [id('AAAA2222'), invite('first').inviteeEmail],
      [id('BBBB3333'), invite('second').inviteeEmail],
    ]);
    expect(mail.at(-1)?.text).toContain(`https://app.test/home/team-invite?code=${id('BBBB3333')}`);
  });

  it("links a coach invite to the coach portal's invites tab and to a sign-up as COACH, each with the code", async () => {
    const { deps, team, caller, mail } = await world(['CCCC4444']);
    const coach = { ...invite('coach'), role: 'COACH' as const };
    await sendInvite(caller, team, coach, deps);
    expect(mail[0]?.text).toContain(`https://app.test/home/coach-portal?tab=team-invite&code=${id('CCCC4444')}`);
    expect(mail[0]?.text).toContain(
      `https://app.test/auth/signup?invite=${id('CCCC4444')}&email=${encodeURIComponent(coach.inviteeEmail)}&role=COACH`,
    );
  });

  it('answers a clear Conflict, and changes nothing, when no free code can be drawn', async () => {
    const { deps, team, caller, mail } = await world(['AAAA2222']);
    await sendInvite(caller, team, invite('first'), deps);
    await expect(sendInvite(caller, team, invite('second'), deps)).rejects.toMatchObject({
      name: 'Conflict',
      message: TEAM_MESSAGES.codeUnavailable,
    });
    expect((await invites.ofTeam(team.id)).map((record) => record.inviteeEmail)).toEqual([invite('first').inviteeEmail]);
    // One pending-invite guard: the refused invite left none.
    const guardsOfTeam = pendingInviteGuardItem.key({ teamId: team.id, inviteeEmail: '' });
    const guards = await query({ ...partitionQuery('table', guardsOfTeam.pk, guardsOfTeam.sk), ConsistentRead: true });
    expect(guards.items).toHaveLength(1);
    expect(mail).toHaveLength(1);
  });
});
