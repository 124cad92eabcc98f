/**
 * The account page's server side on the running local stack: myDataExport holds the caller's answers and day scores
 * and nothing of another user's; deleteAccount refuses another e-mail and, saying why, an owner of a team whose
 * subscription runs (changing nothing), and otherwise deletes the account, mails a confirmation and frees the e-mail
 * for a new sign-up. Accounts and teams are fresh.
 */
import { randomUUID } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@core/account';
import { answersWith } from '@core/test-support/answers';
import { scoreDayOf } from '@core/dates';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { signUpAccount, type RoleAccount } from '../support/accounts';
import { useStackEnvironment, waitForMail } from '../support/stack';
import { accounts, call, ok, teamOf } from '../support/team-fixtures';

jest.setTimeout(120_000);

const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';
const EXPORT = 'query { myDataExport { userId generatedAt sections { name records } } }';
const DELETE = 'mutation($email: String!) { deleteAccount(email: $email) }';
const date = scoreDayOf(new Date(), 'UTC');

type Section = { name: string; records: string };
const sectionsOf = (data: Record<string, any>) =>
  new Map((data.myDataExport.sections as Section[]).map((section) => [section.name, JSON.parse(section.records) as Record<string, unknown>[]]));

let people: Record<'gamer' | 'teammate' | 'director', RoleAccount>;

beforeAll(async () => {
  useStackEnvironment();
  people = await accounts({ gamer: 'GAMER', teammate: 'GAMER', director: 'DIRECTOR' }, 'account');
  await teamOf(
    people.director,
    [
      [people.gamer, 'GAMER'],
      [people.teammate, 'GAMER'],
    ],
    'Export team',
  );
  await ok(people.gamer, CHECK_IN, { answers: answersWith('best') });
  await ok(people.teammate, CHECK_IN, { answers: answersWith('worst') });
});

describe('myDataExport', () => {
  it("holds the caller's profile, membership, answers and day scores, and nothing of another user's", async () => {
    const data = await ok(people.gamer, EXPORT);
    expect(data.myDataExport.userId).toBe(people.gamer.id);
    const sections = sectionsOf(data);
    expect([...sections.keys()].slice(0, 4)).toEqual(['User', 'Membership', 'Answer', 'MemberDay']);
    expect(sections.get('User')).toEqual([expect.objectContaining({ id: people.gamer.id, email: people.gamer.email })]);
    const answers = sections.get('Answer')!;
    expect(answers.map((answer) => answer.questionSlug).sort()).toEqual(
      answersWith('best')
        .map((answer) => answer.questionSlug)
        .sort(),
    );
    expect(answers.every((answer) => answer.userId === people.gamer.id && answer.date === date)).toBe(true);
    expect(sections.get('MemberDay')).toEqual([expect.objectContaining({ userId: people.gamer.id, date })]);
    const everything = JSON.stringify(data);
    for (const other of [people.teammate, people.director]) {
      expect(everything).not.toContain(other.id);
      expect(everything).not.toContain(other.email);
    }
  });
});

describe('deleteAccount', () => {
  it('refuses an e-mail that is not the caller’s and changes nothing', async () => {
    const { errors } = await call(people.teammate, DELETE, { email: people.gamer.email });
    expect(errors?.[0]).toMatchObject({ errorType: 'ValidationError', message: ACCOUNT_MESSAGES.emailMismatch });
    expect(await dynamoUserStore.get(people.teammate.id)).not.toBeNull();
  });

  it('refuses, saying why, while the caller owns a team whose subscription runs, and changes nothing', async () => {
    const { director } = await accounts({ director: 'DIRECTOR' }, 'owner');
    const teamId = await teamOf(director, [], 'Paid Squad');
    const at = new Date().toISOString();
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await dynamoSubscriptionStore.createTeamSubscription({
      teamId,
      userId: director.id,
      subscriptionId: `sub_${randomUUID()}`,
      productName: 'Team Dashboard',
      status: 'active',
      paymentFrequency: 'monthly',
      endSubscriptionAt: inAMonth,
      createdAt: at,
      updatedAt: at,
    });
    const { errors } = await call(director, DELETE, { email: director.email });
    expect(errors?.[0]).toMatchObject({ errorType: 'Conflict', message: ACCOUNT_MESSAGES.ownsRunningTeam(['Paid Squad']) });
    expect(await dynamoUserStore.get(director.id)).not.toBeNull();
    expect((await ok(director, 'query { me { id ownedTeams { id } } }')).me.ownedTeams).toEqual([{ id: teamId }]);
  });

  it('deletes the account, mails a confirmation, and the e-mail can sign up again', async () => {
    const since = new Date();
    expect((await ok(people.gamer, DELETE, { email: people.gamer.email.toUpperCase() })).deleteAccount).toBe(true);
    expect(await dynamoUserStore.get(people.gamer.id)).toBeNull();
    const mail = await waitForMail(people.gamer.email, since);
    expect(mail.subject).toBe('Your FitGauge account was deleted');
    const again = await signUpAccount(people.gamer.email, 'Back Again');
    expect(again.user.id).not.toBe(people.gamer.id);
  });
});
