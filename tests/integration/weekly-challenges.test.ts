/**
 * Weekly challenges against the running local stack: admins post, list, edit and delete them, everyone else is
 * refused, one challenge per ISO week holds under 50 concurrent posts, every applied change has exactly one audit
 * entry and a refused one none, and a gamer reads the challenge of his current week. Accounts are fresh; the weeks
 * used are far in the future (years 2060-2079), away from the demo data's and other suites'.
 */
import { randomInt } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { isoWeekOf, scoreDayOf } from '@core/dates';
import { CHALLENGE_TEXTS } from '@core/weekly-challenges';
import { db } from '../../lambdas/lib/db/client';
import { auditItem } from '../../lambdas/lib/stores/audit-store';
import { dynamoWeeklyChallengeStore } from '../../lambdas/weekly-challenges/store';
import type { RoleAccount } from '../support/accounts';
import { stackUrls, useStackEnvironment } from '../support/stack';
import { accounts, call, ok, refusal } from '../support/team-fixtures';

jest.setTimeout(120_000);

const CHALLENGE = 'id year week description createdAt updatedAt';
const LIST = `query { weeklyChallenges { ${CHALLENGE} } }`;
const CURRENT = `query { currentWeeklyChallenge { ${CHALLENGE} } }`;
const CREATE = `mutation($data: WeeklyChallengeCreateInput!) { createWeeklyChallenge(data: $data) { ${CHALLENGE} } }`;
const UPDATE = `mutation($data: WeeklyChallengeUpdateInput!, $where: WeeklyChallengeWhereUniqueInput!) { updateWeeklyChallenge(data: $data, where: $where) { ${CHALLENGE} } }`;
const DELETE = `mutation($where: WeeklyChallengeWhereUniqueInput!) { deleteWeeklyChallenge(where: $where) { ${CHALLENGE} } }`;

type Person = 'admin' | 'superadmin' | 'director' | 'coach' | 'gamer' | 'self';
let people: Record<Person, RoleAccount>;
const REFUSED: Person[] = ['director', 'coach', 'gamer', 'self'];

/** A distinct week of a distinct far-future year for each test. */
let nextYear = 2060 + randomInt(0, 5);
const freshWeek = () => ({ year: (nextYear += 1), week: randomInt(1, 53) });

const create = (who: RoleAccount, data: Record<string, unknown>) => call(who, CREATE, { data });

async function posted(who: RoleAccount, description = 'Drink 2 litres of water every day') {
  const { createWeeklyChallenge } = await ok(who, CREATE, { data: { ...freshWeek(), description } });
  return createWeeklyChallenge as { id: string; year: number; week: number; description: string };
}

/** The audit entries an admin wrote, oldest first (his partition of the audit log). */
async function auditOf(actor: RoleAccount) {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: stackUrls().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': auditItem.key({ actorId: actor.id, at: '', id: '' }).pk },
    }),
  );
  return (Items ?? []).map(({ action, targetId, targetType, before, after }) => ({ action, targetId, targetType, before, after }));
}

beforeAll(async () => {
  useStackEnvironment();
  people = await accounts<Person>(
    { admin: 'ADMIN', superadmin: 'SUPERADMIN', director: 'DIRECTOR', coach: 'COACH', gamer: 'GAMER', self: 'SELF' },
    'challenge',
  );
});

describe('weekly challenges', () => {
  it('lets an admin post a challenge, lists it by year, and records who posted it', async () => {
    const later = await posted(people.admin, 'Later challenge');
    const earlier = { year: later.year - 1, week: 52, description: 'Earlier challenge' };
    const { createWeeklyChallenge: first } = await ok(people.superadmin, CREATE, { data: earlier });
    expect(first).toMatchObject(earlier);

    const { weeklyChallenges } = await ok(people.admin, LIST);
    const ids = weeklyChallenges.map((challenge: { id: string }) => challenge.id);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(later.id));
    const years = weeklyChallenges.map((challenge: { year: number }) => challenge.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));

    expect(await auditOf(people.admin)).toContainEqual({
      action: 'createWeeklyChallenge',
      targetType: 'WeeklyChallenge',
      targetId: later.id,
      before: null,
      after: { year: later.year, week: later.week, description: 'Later challenge' },
    });
  });

  it('refuses every role but ADMIN and SUPERADMIN, for every operation, and writes nothing', async () => {
    const challenge = await posted(people.admin);
    for (const who of REFUSED) {
      const week = freshWeek();
      expect(await refusal(people[who], CREATE, { data: { ...week, description: 'Not mine to post' } })).toMatchObject({
        errorType: 'Unauthorized',
        message: 'Only admins can do this.',
      });
      expect(await dynamoWeeklyChallengeStore.ofWeek(week.year, week.week)).toBeNull();
      expect((await refusal(people[who], LIST)).errorType).toBe('Unauthorized');
      expect((await refusal(people[who], UPDATE, { where: { id: challenge.id }, data: { description: 'Changed' } })).errorType).toBe('Unauthorized');
      expect((await refusal(people[who], DELETE, { where: { id: challenge.id } })).errorType).toBe('Unauthorized');
    }
    expect(await dynamoWeeklyChallengeStore.get(challenge.id)).toMatchObject({ description: challenge.description });
  });

  it('refuses a second challenge for the same week with the spec message', async () => {
    const challenge = await posted(people.admin);
    const second = await refusal(people.superadmin, CREATE, { data: { year: challenge.year, week: challenge.week, description: 'Another one' } });
    expect(second).toEqual({ errorType: 'Conflict', message: CHALLENGE_TEXTS.duplicate });
    expect(await auditOf(people.superadmin)).not.toContainEqual(
      expect.objectContaining({ after: expect.objectContaining({ description: 'Another one' }) }),
    );
  });

  it('gives exactly one challenge and one audit entry when 50 admins post for one week at once', async () => {
    const [racer] = Object.values(await accounts({ racer: 'ADMIN' }, 'challenge.race'));
    const week = freshWeek();
    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => create(racer, { ...week, description: `Attempt ${index}` })));
    const winners = results.filter((result) => !result.errors);
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result.errors).map((result) => result.errors![0].message)).toEqual(Array(49).fill(CHALLENGE_TEXTS.duplicate));
    const stored = await dynamoWeeklyChallengeStore.ofWeek(week.year, week.week);
    expect(stored?.id).toBe(winners[0].data!.createWeeklyChallenge.id);
    expect((await auditOf(racer)).map(({ action, targetId }) => ({ action, targetId }))).toEqual([
      { action: 'createWeeklyChallenge', targetId: stored!.id },
    ]);
  });

  it('changes only the description, with the change in the audit log', async () => {
    const challenge = await posted(people.admin, 'Before');
    const { updateWeeklyChallenge } = await ok(people.superadmin, UPDATE, { where: { id: challenge.id }, data: { description: 'After' } });
    expect(updateWeeklyChallenge).toMatchObject({ id: challenge.id, year: challenge.year, week: challenge.week, description: 'After' });
    expect(await dynamoWeeklyChallengeStore.get(challenge.id)).toMatchObject({ description: 'After' });
    expect(await auditOf(people.superadmin)).toContainEqual({
      action: 'updateWeeklyChallenge',
      targetType: 'WeeklyChallenge',
      targetId: challenge.id,
      before: { description: 'Before' },
      after: { description: 'After' },
    });
  });

  it('deletes a challenge and frees its week for a new one', async () => {
    const challenge = await posted(people.admin);
    await ok(people.admin, DELETE, { where: { id: challenge.id } });
    expect(await dynamoWeeklyChallengeStore.get(challenge.id)).toBeNull();
    expect(await refusal(people.admin, DELETE, { where: { id: challenge.id } })).toMatchObject({ errorType: 'NotFound' });
    expect(await refusal(people.admin, UPDATE, { where: { id: challenge.id }, data: { description: 'Gone' } })).toMatchObject({
      errorType: 'NotFound',
    });
    const { createWeeklyChallenge } = await ok(people.admin, CREATE, { data: { year: challenge.year, week: challenge.week, description: 'Again' } });
    expect(createWeeklyChallenge.description).toBe('Again');
  });

  it('refuses bad input with the rules of the form and writes nothing', async () => {
    const week = freshWeek();
    expect(await refusal(people.admin, CREATE, { data: { ...week, description: '   ' } })).toEqual({
      errorType: 'ValidationError',
      message: CHALLENGE_TEXTS.descriptionRequired,
    });
    expect(await refusal(people.admin, CREATE, { data: { ...week, description: 'x'.repeat(1001) } })).toEqual({
      errorType: 'ValidationError',
      message: CHALLENGE_TEXTS.descriptionTooLong,
    });
    // 2061 has 52 ISO weeks: there is no week 53 to post for.
    expect(await refusal(people.admin, CREATE, { data: { year: 2061, week: 53, description: 'Nowhere' } })).toEqual({
      errorType: 'ValidationError',
      message: CHALLENGE_TEXTS.noSuchWeek,
    });
    expect(await dynamoWeeklyChallengeStore.ofWeek(week.year, week.week)).toBeNull();
  });

  it('shows every signed-in user the challenge of his current week, and nothing when that week has none', async () => {
    const { year, week } = isoWeekOf(scoreDayOf(new Date(), 'UTC'));
    const existing = await dynamoWeeklyChallengeStore.ofWeek(year, week);
    const current =
      existing ?? (await ok(people.admin, CREATE, { data: { year, week, description: 'This week: stretch every hour' } })).createWeeklyChallenge;
    for (const who of ['gamer', 'self', 'coach'] as const) {
      expect((await ok(people[who], CURRENT)).currentWeeklyChallenge).toMatchObject({ id: current.id, year, week });
    }
    await ok(people.admin, DELETE, { where: { id: current.id } });
    expect((await ok(people.gamer, CURRENT)).currentWeeklyChallenge).toBeNull();
    // Leave the week as the demo data had it.
    if (existing) await ok(people.admin, CREATE, { data: { year, week, description: existing.description } });
  });
});
