/**
 * Video recommendations against the running local stack: admins add, list, change and delete them, every other role is
 * refused, only a COMPLETE and enabled video can be linked, the form rules of docs/recommendations-and-challenges.md
 * answer bad input and write nothing, and each applied change has its audit entry. Accounts and videos are fresh
 * (videos written through the video store).
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { RECOMMENDATION_MESSAGES } from '@core/recommendations';
import { db } from '../../lambdas/lib/db/client';
import { auditItem } from '../../lambdas/lib/stores/audit-store';
import { dynamoRecommendationStore } from '../../lambdas/recommendations/store';
import { dynamoVideoStore, type VideoRecord } from '../../lambdas/lib/stores/video-store';
import { newVideoRecord } from '../../lambdas/lib/stores/new-video';
import type { RoleAccount } from '../support/accounts';
import { stackUrls, useStackEnvironment } from '../support/stack';
import { accounts, ok, refusal } from '../support/team-fixtures';

jest.setTimeout(120_000);

const FIELDS =
  'id title description pillarSlug questionSlug answer videoId createdAt updatedAt Video { id title workflowStatus enabled thumbnailUrl url }';
const LIST = `query($take: Int, $skip: Int) { getRecommendations(take: $take, skip: $skip) { count recommendations { ${FIELDS} } } }`;
const CREATE = `mutation($data: VideoRecommendationCreateInput!) { createVideoRecommendation(data: $data) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $data: VideoRecommendationUpdateInput!) { updateVideoRecommendation(id: $id, data: $data) { ${FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteVideoRecommendation(id: $id) { id title } }`;

type Person = 'admin' | 'superadmin' | 'director' | 'coach' | 'gamer' | 'self';
let people: Record<Person, RoleAccount>;
let ready: VideoRecord;
const REFUSED: Person[] = ['director', 'coach', 'gamer', 'self'];
const fixtureAudit = {
  actorId: 'test',
  actorEmail: 'test@fitgauge.test',
  action: 'test',
  targetType: 'Video',
  targetId: 'test',
  targetLabel: 'test',
  before: null,
  after: null,
};

async function video(overrides: Partial<VideoRecord> = {}): Promise<VideoRecord> {
  const made = newVideoRecord(
    {
      id: randomUUID(),
      title: `Reco video ${randomUUID().slice(0, 8)}`,
      category: 'sleep',
      pillarCategory: 'sleep',
      workflowStatus: 'COMPLETE',
      enabled: true,
      ...overrides,
    },
    new Date().toISOString(),
  );
  await dynamoVideoStore.create(made, fixtureAudit);
  return made;
}

const valid = () => ({ title: 'Sleep tips', videoId: ready.id, pillarSlug: 'sleep', questionSlug: 'sleep-quality', answer: 'terrible' });

async function created(who: RoleAccount = people.admin, data: Record<string, unknown> = valid()) {
  return (await ok(who, CREATE, { data })).createVideoRecommendation as { id: string; title: string; updatedAt: string };
}

/** The audit entries about one recommendation, oldest first (gsi1 of the audit log). */
async function auditAbout(targetId: string) {
  const { gsi1pk } = auditItem.indexes.gsi1({ targetId, at: '', id: '' });
  const { Items } = await db().send(
    new QueryCommand({
      TableName: stackUrls().tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
    }),
  );
  return (Items ?? []).map(({ action, actorId, before, after }) => ({ action, actorId, before, after }));
}

beforeAll(async () => {
  useStackEnvironment();
  people = await accounts<Person>(
    { admin: 'ADMIN', superadmin: 'SUPERADMIN', director: 'DIRECTOR', coach: 'COACH', gamer: 'GAMER', self: 'SELF' },
    'reco',
  );
  ready = await video();
});

describe('video recommendations', () => {
  it('lets an admin add one for a COMPLETE, enabled video and lists it newest first with the video', async () => {
    const first = await created(people.admin);
    const second = await created(people.superadmin, {
      ...valid(),
      title: 'Water first',
      pillarSlug: 'nutrition',
      questionSlug: 'water-drink',
      answer: 'none',
    });
    expect(second).toMatchObject({
      title: 'Water first',
      pillarSlug: 'nutrition',
      questionSlug: 'water-drink',
      answer: 'none',
      videoId: ready.id,
      description: null,
    });
    const { getRecommendations } = await ok(people.admin, LIST, { take: 100, skip: 0 });
    const ids = getRecommendations.recommendations.map((one: { id: string }) => one.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(getRecommendations.count).toBeGreaterThanOrEqual(2);
    expect(getRecommendations.recommendations.find((one: { id: string }) => one.id === first.id).Video).toMatchObject({
      id: ready.id,
      title: ready.title,
      workflowStatus: 'COMPLETE',
    });
    // Paging: a page of one after skipping the newest.
    const { getRecommendations: page } = await ok(people.admin, LIST, { take: 1, skip: 1 });
    expect(page.recommendations).toHaveLength(1);
    expect(page.recommendations[0].id).toBe(ids[1]);
  });

  it('refuses every role but ADMIN and SUPERADMIN, for every operation, and changes nothing', async () => {
    const mine = await created();
    for (const who of REFUSED) {
      expect(await refusal(people[who], CREATE, { data: valid() })).toMatchObject({ errorType: 'Unauthorized', message: 'Only admins can do this.' });
      expect((await refusal(people[who], LIST)).errorType).toBe('Unauthorized');
      expect((await refusal(people[who], UPDATE, { id: mine.id, data: { ...valid(), title: 'Not mine' } })).errorType).toBe('Unauthorized');
      expect((await refusal(people[who], DELETE, { id: mine.id })).errorType).toBe('Unauthorized');
    }
    expect(await dynamoRecommendationStore.get(mine.id)).toMatchObject({ title: 'Sleep tips' });
  });

  it('offers only COMPLETE and enabled videos', async () => {
    const processing = await video({ workflowStatus: 'PROGRESSING' });
    const disabled = await video({ enabled: false });
    for (const videoId of [processing.id, disabled.id, randomUUID()]) {
      expect(await refusal(people.admin, CREATE, { data: { ...valid(), videoId } })).toEqual({
        errorType: 'ValidationError',
        message: RECOMMENDATION_MESSAGES.videoNotOffered,
      });
    }
    const mine = await created();
    expect(await refusal(people.admin, UPDATE, { id: mine.id, data: { ...valid(), videoId: disabled.id } })).toEqual({
      errorType: 'ValidationError',
      message: RECOMMENDATION_MESSAGES.videoNotOffered,
    });
    expect(await dynamoRecommendationStore.get(mine.id)).toMatchObject({ videoId: ready.id });
  });

  it.each([
    ['a title longer than 16 in the modal', { title: 'x'.repeat(17) }, RECOMMENDATION_MESSAGES.modalTitleTooLong],
    ['a blank title', { title: '  ' }, RECOMMENDATION_MESSAGES.titleRequired],
    ['no pillar', { pillarSlug: '' }, RECOMMENDATION_MESSAGES.pillarRequired],
    ['no question', { questionSlug: '' }, RECOMMENDATION_MESSAGES.questionRequired],
    ['no answer', { answer: '' }, RECOMMENDATION_MESSAGES.answerRequired],
    ['no video', { videoId: '' }, RECOMMENDATION_MESSAGES.videoRequired],
    ['a question of another pillar', { questionSlug: 'water-drink' }, RECOMMENDATION_MESSAGES.questionOfPillar],
    ['a question outside the catalogue', { questionSlug: 'sleep-hours' }, RECOMMENDATION_MESSAGES.questionOfPillar],
    ['an answer the question does not offer', { answer: 'brilliant' }, RECOMMENDATION_MESSAGES.answerOfQuestion],
  ])('refuses %s on create with the form message', async (_, change, message) => {
    const title = `Refused ${randomUUID().slice(0, 6)}`;
    expect(await refusal(people.admin, CREATE, { data: { ...valid(), title, ...change } })).toEqual({ errorType: 'ValidationError', message });
    const { getRecommendations } = await ok(people.admin, LIST, { take: 100 });
    expect(getRecommendations.recommendations.map((one: { title: string }) => one.title)).not.toContain(title);
  });

  it('changes every field in the Details tab, with the edit rules and an audit of the change', async () => {
    const mine = await created();
    const longTitle = 'A title of forty characters, just so...';
    const data = {
      ...valid(),
      title: longTitle,
      description: 'Watch before bed',
      pillarSlug: 'mental',
      questionSlug: 'emotional-state',
      answer: 'stressed',
    };
    const { updateVideoRecommendation } = await ok(people.superadmin, UPDATE, { id: mine.id, data });
    expect(updateVideoRecommendation).toMatchObject({ id: mine.id, ...data });
    expect(await dynamoRecommendationStore.get(mine.id)).toMatchObject(data);
    expect(await refusal(people.admin, UPDATE, { id: mine.id, data: { ...data, title: 'x'.repeat(41) } })).toEqual({
      errorType: 'ValidationError',
      message: RECOMMENDATION_MESSAGES.titleTooLong,
    });
    expect(await refusal(people.admin, UPDATE, { id: mine.id, data: { ...data, description: 'x'.repeat(1001) } })).toEqual({
      errorType: 'ValidationError',
      message: RECOMMENDATION_MESSAGES.descriptionTooLong,
    });
    expect(await dynamoRecommendationStore.get(mine.id)).toMatchObject(data);
    expect((await auditAbout(mine.id)).map(({ action, actorId }) => ({ action, actorId }))).toEqual([
      { action: 'createVideoRecommendation', actorId: people.admin.id },
      { action: 'updateVideoRecommendation', actorId: people.superadmin.id },
    ]);
    expect((await auditAbout(mine.id))[1]).toMatchObject({
      before: { title: 'Sleep tips', answer: 'terrible' },
      after: { title: longTitle, answer: 'stressed' },
    });
  });

  it('deletes a recommendation once', async () => {
    const mine = await created();
    expect((await ok(people.admin, DELETE, { id: mine.id })).deleteVideoRecommendation).toEqual({ id: mine.id, title: 'Sleep tips' });
    expect(await dynamoRecommendationStore.get(mine.id)).toBeNull();
    expect(await refusal(people.admin, DELETE, { id: mine.id })).toEqual({ errorType: 'NotFound', message: RECOMMENDATION_MESSAGES.notFound });
    expect(await refusal(people.admin, UPDATE, { id: mine.id, data: valid() })).toEqual({
      errorType: 'NotFound',
      message: RECOMMENDATION_MESSAGES.notFound,
    });
  });
});
