/**
 * The journal in Chromium against the local stack (production web build): comments arriving live on an open journal,
 * a comment with markup shown as text, the sidebar's Journal marker, and the seeded Night Owls journal. Teams the
 * tests comment in are fresh (their own accounts), so the demo data and its unread counts stay as seeded.
 */
import { answersWith } from '@core/test-support/answers';
import type { Page } from 'playwright-core';
import { db } from '../../lambdas/lib/db/client';
import { DEMO_COMMENTS } from '../../scripts/seed/journal';
import { baseUrl, signInContext, type RoleAccount } from '../support/accounts';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { demoTeams, useStackEnvironment } from '../support/stack';
import { accounts, ok, teamOf } from '../support/team-fixtures';

jest.setTimeout(90_000);

const chromium = useBrowser();

beforeAll(() => {
  useStackEnvironment(); // the fresh teams are written through the stores
});

afterAll(() => {
  db().destroy();
});

const COMMENT_FIELDS =
  'id teamId userId date pillarSlug questionSlug content answerTo authorId user { id fullName avatar } createdAt updatedAt deletedAt';
const CREATE = `mutation($teamId: ID!, $userId: ID!, $date: AWSDate!, $content: String!) {
  createComment(teamId: $teamId, userId: $userId, date: $date, pillarSlug: "sleep", questionSlug: "sleep-quality", content: $content) { ${COMMENT_FIELDS} }
}`;
const UPDATE = `mutation($id: ID!, $content: String!) { updateComment(data: { id: $id, content: $content }) { ${COMMENT_FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteComment(id: $id) { ${COMMENT_FIELDS} } }`;
const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';
const UNREAD = 'query { teamNotifications { teamId unread } }';

interface OpenPage {
  page: Page;
  /** Resolves once the page's journal subscriptions (at least `count`) have all been acknowledged by the server. */
  subscribed: (count: number) => Promise<void>;
}

/** A signed-in page (UTC, as the server's default zone) that records its journal subscriptions on the realtime socket. */
async function openPage(path: string, email: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<OpenPage> {
  const context = await chromium.browser.newContext({ viewport, timezoneId: 'UTC' });
  await signInContext(context, email);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  chromium.watchErrors(page, path);
  const started = new Set<string>();
  const acknowledged = new Set<string>();
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { id?: string; type?: string; payload?: { data?: string } };
      if (frame.type === 'start' && frame.id && frame.payload?.data?.includes('onJournalComment')) started.add(frame.id);
    });
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { id?: string; type?: string };
      if (frame.type === 'start_ack' && frame.id) acknowledged.add(frame.id);
    });
  });
  await page.goto(`${baseUrl()}${path}`);
  const subscribed = async (count: number) => {
    const ready = () => started.size >= count && [...started].every((id) => acknowledged.has(id));
    for (const deadline = Date.now() + 15_000; !ready() && Date.now() < deadline;) await page.waitForTimeout(100);
    expect({ started: started.size, acknowledged: [...started].filter((id) => acknowledged.has(id)).length }).toEqual({
      started: count,
      acknowledged: count,
    });
  };
  return { page, subscribed };
}

const closePage = (page: Page) => page.context().close();

/** A fresh team: its director, a coach and a gamer who checked in today (so the journal lists his answers). */
async function freshTeam(label: string): Promise<{ people: Record<'director' | 'coach' | 'gamer', RoleAccount>; teamId: string; today: string }> {
  const people = await accounts({ director: 'DIRECTOR', coach: 'COACH', gamer: 'GAMER' }, label);
  const teamId = await teamOf(
    people.director,
    [
      [people.coach, 'COACH'],
      [people.gamer, 'GAMER'],
    ],
    `Journal ${label}`,
  );
  const { submitAnswers } = await ok(people.gamer, CHECK_IN, { answers: answersWith('best') });
  return { people, teamId, today: submitAnswers.date };
}

const journalPath = (teamId: string) => `/home/my-team/journal?teamId=${teamId}`;

/** The day before `day`, as the journal's day field holds it. */
const dayBefore = (day: string, days = 1) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Waits until the account's unread count in the team is `count` (the page marks days read after it shows them). */
async function unreadBecomes(who: RoleAccount, teamId: string, count: number): Promise<void> {
  let unread: number | undefined;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const { teamNotifications } = await ok(who, UNREAD);
    unread = teamNotifications.find((entry: { teamId: string }) => entry.teamId === teamId)?.unread;
    if (unread === count) break;
  }
  expect(unread).toBe(count);
}

/** The comments under an answer of the journal. */
const commentsOn = (page: Page, question: string) => page.getByRole('list', { name: `Comments on ${question}` });

describe('the journal', () => {
  it("shows a coach's comment, its edit and its deletion on the director's open journal without a reload", async () => {
    const { people, teamId, today } = await freshTeam('journal.live');
    const { page, subscribed } = await openPage(journalPath(teamId), people.director.email);
    await page.getByRole('heading', { name: 'journal live gamer', level: 2 }).waitFor();
    expect(await page.getByLabel('Day', { exact: true }).inputValue()).toBe(today);
    // The marker's subscription and the page's own.
    await subscribed(2);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    const { createComment } = await ok(people.coach, CREATE, { teamId, userId: people.gamer.id, date: today, content: 'Nice sleep, keep it up.' });
    const comments = commentsOn(page, 'How well did you sleep?');
    await comments.getByRole('article', { name: 'Comment by journal live coach' }).getByText('Nice sleep, keep it up.').waitFor();

    await ok(people.coach, UPDATE, { id: createComment.id, content: 'Great sleep, keep it up.' });
    await comments.getByText('Great sleep, keep it up.').waitFor();
    await comments.getByText('(edited)').waitFor();

    await ok(people.coach, DELETE, { id: createComment.id });
    await comments.waitFor({ state: 'detached' });
    expect(navigations).toEqual([]);
    await closePage(page);
  });

  it('shows a comment with markup as its characters and runs nothing; the author edits and deletes it after a confirmation', async () => {
    const { people, teamId } = await freshTeam('journal.xss');
    const { page } = await openPage(journalPath(teamId), people.coach.email, VIEWPORTS.phone);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('heading', { name: 'journal xss gamer', level: 2 }).waitFor();
    const answer = page.locator('.fg-journal__answer').filter({ has: page.getByText('How well did you sleep?', { exact: true }) });
    await answer.getByRole('button', { name: 'Comment on How well did you sleep?' }).click();
    const field = answer.getByLabel('Comment on How well did you sleep?');
    const markup = '<img src=x onerror=alert(1)>';
    await field.fill(`${'a'.repeat(1001)}${markup}`);
    await answer.getByText('1001/1000 characters').waitFor();
    await answer.getByRole('button', { name: 'Post comment' }).click();
    await answer.getByText('A comment can be at most 1000 characters.').waitFor();

    await field.fill(markup);
    // Markup does not count (docs/journal.md, "Comments"): the counter says 0, and an empty comment is refused with the server's rule.
    await answer.getByText('0/1000 characters').waitFor();
    await answer.getByRole('button', { name: 'Post comment' }).click();
    await answer.getByText('A comment is required.').waitFor();

    await field.fill(`Why ${markup}?`);
    await answer.getByRole('button', { name: 'Post comment' }).click();
    await page.getByText('Comment posted.').waitFor();
    const text = commentsOn(page, 'How well did you sleep?').locator('.fg-comment__text');
    await text.getByText(`Why ${markup}?`, { exact: true }).waitFor();
    expect(await text.locator('img').count()).toBe(0);
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    const comment = page.getByRole('article', { name: 'Comment by journal xss coach' });
    await comment.getByRole('button', { name: 'Edit' }).click();
    await comment.getByLabel('Edit your comment').fill('Why so little sleep?');
    await comment.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Comment updated.').waitFor();
    await comment.getByText('Why so little sleep?').waitFor();

    await comment.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete comment' });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Comment deleted.').waitFor();
    await comment.waitFor({ state: 'detached' });
    expect(dialogs).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await closePage(page);
  });

  it("shows the sidebar's Journal marker after a comment and takes it away when the journal opens; the gamer replies on his own answer", async () => {
    const { people, teamId, today } = await freshTeam('journal.marker');
    await ok(people.coach, 'mutation($teamId: ID!) { setSelectedTeam(teamId: $teamId) { teamId } }', { teamId });
    const { page, subscribed } = await openPage('/home/coach-portal', people.coach.email);
    const journalLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Journal/ });
    await journalLink.waitFor();
    const marker = journalLink.getByRole('img', { name: 'new notifications' });
    expect(await marker.count()).toBe(0);
    await subscribed(1);

    await ok(people.director, CREATE, { teamId, userId: people.gamer.id, date: today, content: 'Slept well before the match?' });
    await marker.waitFor();
    // The coach portal's card shows the red dot too.
    await page.getByRole('list', { name: 'Teams you coach' }).getByRole('img', { name: 'new notifications' }).waitFor();

    await journalLink.click();
    await page.getByRole('heading', { name: 'Journal', level: 1 }).waitFor();
    await marker.waitFor({ state: 'detached' });
    expect((await ok(people.coach, 'query { teamNotifications { teamId unread } }')).teamNotifications).toEqual([{ teamId, unread: 0 }]);
    await closePage(page);

    // The gamer's own journal: the comment on his answer, and his reply.
    const gamer = await openPage(journalPath(teamId), people.gamer.email);
    const thread = commentsOn(gamer.page, 'How well did you sleep?');
    await thread.getByText('Slept well before the match?').waitFor();
    expect(await gamer.page.getByRole('button', { name: /^Comment on/ }).count()).toBe(0);
    await thread.getByRole('button', { name: 'Reply' }).click();
    await thread.getByLabel('Reply to journal marker director').fill('Eight hours, coach.');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await thread.getByRole('list', { name: 'Replies' }).getByText('Eight hours, coach.').waitFor();
    await closePage(gamer.page);
  });

  it("shows a gamer his coach's comment on /home/my-team/journal; his reply reaches the coach's journal", async () => {
    const { people, teamId, today } = await freshTeam('journal.own');
    await ok(people.coach, CREATE, { teamId, userId: people.gamer.id, date: today, content: 'Great sleep before the scrim.' });

    const gamer = await openPage('/home/my-team/journal', people.gamer.email, VIEWPORTS.phone);
    const card = gamer.page.getByRole('region', { name: 'Comments from your coach' });
    const comment = card.getByRole('article', { name: 'Comment by journal own coach' });
    await comment.getByText('Great sleep before the scrim.').waitFor();
    await comment.getByText(/Your check-in of \d{2}\/\d{2}\/\d{4}: How well did you sleep\?/).waitFor();
    expect(await gamer.page.getByText('No team chosen').count()).toBe(0);
    await comment.getByRole('button', { name: 'Reply to journal own coach' }).click();
    await comment.getByLabel('Reply to journal own coach').fill('Ten hours, coach.');
    await comment.getByRole('button', { name: 'Send reply' }).click();
    await gamer.page.getByText('Reply posted.').waitFor();
    await card.getByRole('article', { name: 'Your reply' }).getByText('Ten hours, coach.').waitFor();
    expect(await accessibilityViolations(gamer.page)).toEqual([]);
    await closePage(gamer.page);

    const coach = await openPage(journalPath(teamId), people.coach.email);
    const thread = commentsOn(coach.page, 'How well did you sleep?');
    await thread.getByRole('list', { name: 'Replies' }).getByText('Ten hours, coach.').waitFor();
    await closePage(coach.page);
  });

  it("opens the director's journal on the newest day with unread comments and marks read only the days it shows", async () => {
    const { people, teamId, today } = await freshTeam('journal.unread');
    const yesterday = dayBefore(today);
    const twoDaysAgo = dayBefore(today, 2);
    await ok(people.coach, CREATE, { teamId, userId: people.gamer.id, date: twoDaysAgo, content: 'Two days ago: late again?' });
    await ok(people.coach, CREATE, { teamId, userId: people.gamer.id, date: yesterday, content: 'Yesterday: better.' });
    await unreadBecomes(people.director, teamId, 2);

    const { page } = await openPage(journalPath(teamId), people.director.email);
    await commentsOn(page, 'How well did you sleep?').getByText('Yesterday: better.').waitFor();
    expect(await page.getByLabel('Day', { exact: true }).inputValue()).toBe(yesterday);
    // Yesterday was shown and is read; the day before was not, and stays unread.
    await unreadBecomes(people.director, teamId, 1);
    const unreadDays = page.getByRole('list', { name: 'Days with unread comments' });
    const older = unreadDays.getByRole('button', { name: /\(1\)$/ });
    await older.click();
    await commentsOn(page, 'How well did you sleep?').getByText('Two days ago: late again?').waitFor();
    expect(await page.getByLabel('Day', { exact: true }).inputValue()).toBe(twoDaysAgo);
    await unreadBecomes(people.director, teamId, 0);
    await unreadDays.waitFor({ state: 'detached' });
    await closePage(page);
  });

  it('shows the seeded Night Owls journal with the demo comments and the reply under its comment', async () => {
    const owls = demoTeams.find((team) => team.name === 'Night Owls')!;
    // An admin reads it, so the director's and the coach's seeded unread counts stay.
    const { page } = await openPage(journalPath(owls.id), 'admin@fitgauge.test');
    await page.getByRole('button', { name: 'Previous day' }).click();
    const [coachComment, gamerReply] = DEMO_COMMENTS;
    const thread = commentsOn(page, 'How well did you sleep?').getByRole('listitem').filter({ hasText: coachComment!.content });
    await thread.getByText(coachComment!.content).waitFor();
    await thread.getByRole('list', { name: 'Replies' }).getByText(gamerReply!.content).waitFor();
    await thread
      .getByText(/^\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2} (AM|PM)$/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.getByText(DEMO_COMMENTS[2]!.content).waitFor();
    await closePage(page);
  });
});
