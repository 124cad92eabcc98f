import { TEAM_MESSAGES } from '@core/teams';
import type { Caller } from '../lib/appsync';
import type { MailMessage } from '../lib/mail';
import { memoryStores } from '../lib/stores/memory';
import type { TeamRecord } from '../lib/stores/team-store';
import type { UserRecord } from '../lib/stores/user-store';
import type { TeamDeps } from './deps';
import { sendInvite } from './invites';

const at = '2026-11-01T00:00:00.000Z';
const team: TeamRecord = {
  id: 't1',
  name: 'Night Owls',
  description: 'Owls',
  game: 'Valorant',
  avatar: '',
  ownerId: 'director',
  createdAt: at,
  updatedAt: at,
};
const director: UserRecord = {
  id: 'director',
  email: 'director@fitgauge.test',
  fullName: 'Dana',
  username: null,
  avatar: null,
  role: 'DIRECTOR',
  enabled: true,
  selectedTeamId: null,
  createdAt: at,
  updatedAt: at,
};
const caller: Caller = { sub: 'director', email: null, groups: ['DIRECTOR'], role: 'DIRECTOR' };
const invite = (email: string) => ({ inviteeName: 'Invitee', inviteeEmail: email, role: 'GAMER' as const });

/** The team rules over the stores' in-memory twin, with the codes drawn from `codes` in turn. */
function world(codes: string[]) {
  const stores = memoryStores({ users: [director], teams: [team] });
  const mail: MailMessage[] = [];
  let drawn = 0;
  const deps: TeamDeps = {
    ...stores,
    sendMail: async (message) => void mail.push(message),
    appUrl: () => 'https://app.test',
    now: () => new Date(at),
    newTeamCode: () => codes[Math.min(drawn++, codes.length - 1)]!,
    billSeats: async () => undefined,
    announceMembersChanged: async () => undefined,
  };
  return { deps, stores, mail };
}

describe('sendInvite and team codes', () => {
  it('draws another code when the one drawn is taken', async () => {
    const { deps, stores, mail } = world(['AAAA2222', 'AAAA2222', 'BBBB3333']);
    await sendInvite(caller, team, invite('first@fitgauge.test'), deps);
    await expect(sendInvite(caller, team, invite('second@fitgauge.test'), deps)).resolves.toMatchObject({ code: 'BBBB3333', status: 'PENDING' });
    expect([...stores.state.codes.values()].map((code) => [code.code, code.email])).toEqual([
      ['AAAA2222', 'first@fitgauge.test'],
      ['BBBB3333', 'second@fitgauge.test'],
    ]);
    expect(mail.at(-1)?.text).toContain('https://app.test/home/team-invite?code=BBBB3333');
  });

  it("links a coach invite to the coach portal's invites tab and to a sign-up as COACH, each with the code", async () => {
    const { deps, mail } = world(['CCCC4444']);
    await sendInvite(caller, team, { ...invite('coach@fitgauge.test'), role: 'COACH' }, deps);
    expect(mail[0]?.text).toContain('https://app.test/home/coach-portal?tab=team-invite&code=CCCC4444');
    expect(mail[0]?.text).toContain('https://app.test/auth/signup?invite=CCCC4444&email=coach%40fitgauge.test&role=COACH');
  });

  it('answers a clear Conflict, and changes nothing, when no free code can be drawn', async () => {
    const { deps, stores, mail } = world(['AAAA2222']);
    await sendInvite(caller, team, invite('first@fitgauge.test'), deps);
    await expect(sendInvite(caller, team, invite('second@fitgauge.test'), deps)).rejects.toMatchObject({
      name: 'Conflict',
      message: TEAM_MESSAGES.codeUnavailable,
    });
    expect(stores.state.invites.map((record) => record.inviteeEmail)).toEqual(['first@fitgauge.test']);
    expect(stores.state.pendingInvites.size).toBe(1);
    expect(mail).toHaveLength(1);
  });
});
