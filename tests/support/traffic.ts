/**
 * A stream of the writes users make (sign-ups, purchases through the Stripe stand-in, team joins and leaves,
 * check-ins, journal comments) against the test stack FG_STACK names, recording every call with what it wrote:
 * `ok` when the client saw it succeed, `refused` when the API said no, `unknown` when the answer never came (the
 * stack was killed meanwhile). tests/integration/crash-consistency.test.ts checks the `ok` ones survive a kill.
 */
import { answersWith } from '@core/test-support/answers';
import { accountWithRole, proveMailbox, type RoleAccount } from './accounts';
import { graphql, signIn } from './stack';

export type Outcome = 'ok' | 'refused' | 'unknown';

export type Write =
  | { kind: 'signUp'; email: string }
  | { kind: 'purchase'; userId: string; subscriptionId: string }
  | { kind: 'join' | 'leave'; userId: string; teamId: string }
  | { kind: 'checkIn'; userId: string; date: string }
  | { kind: 'comment'; teamId: string; id: string };

export interface Recorded {
  write: Write;
  outcome: Outcome;
}

const UPGRADE = `mutation($where: SubscriptionWhere!, $couponId: String) {
  upgradeSubscription(where: $where, couponId: $couponId) { subscriptionId status } }`;
const CREATE_TEAM = 'mutation($data: TeamInput!) { createTeam(data: $data) { id } }';
const SEND = `mutation($inviteeName: String!, $inviteeEmail: AWSEmail!, $role: Role!, $teamId: ID!) {
  sendInvite(inviteeName: $inviteeName, inviteeEmail: $inviteeEmail, role: $role, teamId: $teamId) { id } }`;
const ACCEPT = 'mutation($inviteId: ID!) { acceptInvite(inviteId: $inviteId) { id status } }';
const LEAVE = 'mutation($teamId: ID) { leaveTeam(teamId: $teamId) { id } }';
const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';
const COMMENT = `mutation($teamId: ID!, $userId: ID!, $date: AWSDate!, $pillarSlug: String!, $questionSlug: String!, $content: String!) {
  createComment(teamId: $teamId, userId: $userId, date: $date, pillarSlug: $pillarSlug, questionSlug: $questionSlug, content: $content) { id } }`;

/** A FULLPASS purchase: nothing due, so the subscription runs at once and its state is stored before the answer. */
const FULLPASS = { where: { id: 'coach-performance-monthly' }, couponId: 'FULLPASS' };

async function call(who: { token: string }, query: string, variables: Record<string, unknown>): Promise<Record<string, any>> {
  const { data, errors } = await graphql(query, variables, { token: who.token });
  if (errors) throw new Refused(JSON.stringify(errors));
  return data!;
}

class Refused extends Error {}

/** Runs `send`; undefined when it failed (a refusal, or no answer from a killed stack). */
const attempt = <T>(send: () => Promise<T>): Promise<T | undefined> => send().catch(() => undefined);

export class Traffic {
  readonly log: Recorded[] = [];
  private stopped = false;

  /** Runs `send` and records it with the write `written` describes; errors end only this call (a killed stack answers none). */
  private async record<T>(send: () => Promise<T>, written: (result: T | undefined) => Write): Promise<T | undefined> {
    const entry: Recorded = { write: written(undefined), outcome: 'unknown' };
    this.log.push(entry);
    try {
      const result = await send();
      entry.write = written(result);
      entry.outcome = 'ok';
      return result;
    } catch (error) {
      if (error instanceof Refused) entry.outcome = 'refused';
      return undefined;
    }
  }

  /** A new account that buys a team dashboard and makes its team (setup: expected to succeed). */
  async director(label: string): Promise<{ account: RoleAccount; teamId: string }> {
    const account = await accountWithRole('GAMER', `${label}.director`);
    this.log.push({ write: { kind: 'signUp', email: account.email }, outcome: 'ok' });
    await proveMailbox(account);
    const { upgradeSubscription } = await call(account, UPGRADE, FULLPASS);
    this.log.push({ write: { kind: 'purchase', userId: account.id, subscriptionId: upgradeSubscription.subscriptionId }, outcome: 'ok' });
    const director = { ...account, token: (await signIn(account.email)).accessToken };
    const { createTeam } = await call(director, CREATE_TEAM, { data: { name: 'Crash team', description: 'Crash test team', game: 'Valorant' } });
    return { account: director, teamId: createTeam.id };
  }

  async gamers(label: string, count: number): Promise<RoleAccount[]> {
    // A proven mailbox: accepting an invite needs it.
    const made = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const gamer = await accountWithRole('GAMER', `${label}.gamer${i}`);
        await proveMailbox(gamer);
        return gamer;
      }),
    );
    for (const gamer of made) this.log.push({ write: { kind: 'signUp', email: gamer.email }, outcome: 'ok' });
    return made;
  }

  /** A gamer joins, checks in and gets a comment from the director; every other gamer then leaves and joins again. */
  async gamerLoop(director: RoleAccount, teamId: string, gamer: RoleAccount, index: number): Promise<void> {
    const membership = (kind: 'join' | 'leave') => (): Write => ({ kind, userId: gamer.id, teamId });
    const join = async () => {
      if (this.stopped) return;
      const invite = await attempt(() => call(director, SEND, { teamId, inviteeName: 'Crash Gamer', inviteeEmail: gamer.email, role: 'GAMER' }));
      if (invite && !this.stopped) await this.record(() => call(gamer, ACCEPT, { inviteId: invite.sendInvite.id }), membership('join'));
    };
    await join();
    if (this.stopped) return;
    const checkIn = await this.record(
      () => call(gamer, CHECK_IN, { answers: answersWith(index % 2 ? 'best' : 'worst') }),
      (data) => ({ kind: 'checkIn', userId: gamer.id, date: data?.submitAnswers.date ?? '' }),
    );
    if (!checkIn || this.stopped) return;
    const onAnswer = { teamId, userId: gamer.id, date: checkIn.submitAnswers.date, pillarSlug: 'sleep', questionSlug: 'sleep-quality' };
    await this.record(
      () => call(director, COMMENT, { ...onAnswer, content: `Night ${index}` }),
      (data) => ({ kind: 'comment', teamId, id: data?.createComment.id ?? '' }),
    );
    if (index % 2 === 0 || this.stopped) return;
    await this.record(() => call(gamer, LEAVE, { teamId }), membership('leave'));
    if (!this.stopped) await join();
  }

  /** New accounts buying dashboards until stopped: Cognito and DynamoDB writes, and the stand-in's webhooks. */
  async buyerLoop(label: string): Promise<void> {
    for (let n = 0; !this.stopped; n++) {
      const account = await this.record(
        () => accountWithRole('GAMER', `${label}.buyer${n}`),
        (made) => ({ kind: 'signUp', email: made?.email ?? '' }),
      );
      if (!account || this.stopped) return;
      await attempt(() => proveMailbox(account));
      if (this.stopped) return;
      await this.record(
        () => call(account, UPGRADE, FULLPASS),
        (data) => ({ kind: 'purchase', userId: account.id, subscriptionId: data?.upgradeSubscription.subscriptionId ?? '' }),
      );
    }
  }

  /** Stops starting new calls (those in flight end on their own). */
  stop(): void {
    this.stopped = true;
  }
}
