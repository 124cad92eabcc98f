/**
 * Report sharing in Chromium against the local stack (production web build): a gamer shares his report on
 * /home/account/sharing; after the recap job runs (as `npm run job:recap` runs it) the recipient's e-mail in the outbox
 * has both links; the accepted link shows the confirmation and the score explanation, the rejected one the unsubscribe
 * confirmation, both with support and social links; a link that is not valid changes nothing. Accounts are fresh.
 */
import { randomUUID } from 'node:crypto';
import { answersWith } from '@core/test-support/answers';
import { db } from '../../lambdas/lib/db/client';
import { dynamoShareStore } from '../../lambdas/recap/store';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { runRecapJobNow } from '../../scripts/local/jobs';
import { baseUrl, freshEmail, signInContext } from '../support/accounts';
import { accessibilityViolations, useBrowser, VIEWPORTS } from '../support/browser';
import { readOutbox, useStackEnvironment } from '../support/stack';
import { accounts, ok } from '../support/team-fixtures';

jest.setTimeout(120_000);

const chromium = useBrowser();

beforeAll(() => {
  useStackEnvironment(); // the job runs in this process with the stack's environment, as npm run job:recap does
});

afterAll(() => {
  db().destroy();
});

const CHECK_IN = 'mutation($answers: [AnswerInput!]!) { submitAnswers(answers: $answers) { date } }';

async function newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await chromium.browser.newContext({ viewport, timezoneId: 'UTC' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  chromium.watchErrors(page);
  return page;
}

/** The two landing links of a recap e-mail's plain-text part. */
function linksOf(text: string): { accepted: string; rejected: string } {
  const link = (acceptance: string) =>
    new RegExp(`https?://\\S+/recap/reports\\?shareId=[^\\s&]+&acceptance=${acceptance}&name=\\S+`).exec(text)?.[0];
  return { accepted: link('accepted')!, rejected: link('rejected')! };
}

async function expectContactLinks(page: Awaited<ReturnType<typeof newPage>>) {
  await expect(page.getByRole('link', { name: 'support@fitgauge.gg' }).getAttribute('href')).resolves.toBe('mailto:support@fitgauge.gg');
  for (const name of ['Discord', 'X', 'Instagram', 'YouTube']) {
    expect(await page.getByRole('navigation', { name: 'FitGauge on social media' }).getByRole('link', { name, exact: true }).count()).toBe(1);
  }
}

describe('a gamer shares his report', () => {
  it('shares from the sharing page, the job mails the recipient both links, and each link answers', async () => {
    const { gamer } = await accounts({ gamer: 'GAMER' }, 'sharer');
    // Sharing needs a proven mailbox (docs/recap.md); the dialog that proves it is tested with the account page.
    await dynamoUserStore.markEmailVerified(gamer.id, new Date().toISOString());
    await ok(gamer, CHECK_IN, { answers: answersWith('best') });
    const recipient = freshEmail('parent');

    const page = await newPage();
    await signInContext(page.context(), gamer.email);
    await page.goto(`${baseUrl()}/home/account/sharing`);
    await page.getByRole('heading', { name: 'Share your reports', level: 1, exact: true }).waitFor();
    await page.getByText('You do not share your reports yet').waitFor();
    await page.getByLabel('E-mail').fill(recipient);
    await page.getByLabel('Frequency').selectOption('DAILY');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByText(`Your daily report is shared with ${recipient}.`).waitFor();
    const listed = page.getByRole('listitem').filter({ hasText: recipient });
    await listed.getByText('Daily · Waiting for the recipient · first report soon').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();

    const result = await runRecapJobNow();
    expect(result.failed).toBe(0);
    const mails = (await readOutbox(recipient)).filter((mail) => mail.subject.includes('FitGauge report'));
    expect(mails).toHaveLength(1);
    const [share] = await dynamoShareStore.ofGamer(gamer.id);
    const links = linksOf(mails[0].text);
    // The recipient has not answered yet: the mail names no one (docs/recap.md).
    expect(links.accepted).toContain(`shareId=${share.id}&acceptance=accepted&name=A+FitGauge+player`);
    expect(links.rejected).toContain(`shareId=${share.id}&acceptance=rejected&name=A+FitGauge+player`);
    expect(mails[0].html).toContain(links.accepted.replaceAll('&', '&amp;'));
    expect(mails[0].html).toContain(links.rejected.replaceAll('&', '&amp;'));

    // The recipient keeps the report, on a phone, signed out.
    const accepting = await newPage(VIEWPORTS.phone);
    await accepting.goto(links.accepted.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await accepting.getByRole('heading', { name: "You're subscribed to sharer's daily report", level: 1 }).waitFor();
    await accepting.getByRole('heading', { name: 'What the score means' }).waitFor();
    for (const text of ['Game On', 'Moderately Ready', 'Subpar Ready', 'Not Ready', 'Peak Form', 'Pretty Solid', 'Not Ideal', 'Danger Zone']) {
      expect(await accepting.locator('.fg-recap__explanation li').filter({ hasText: text }).count()).toBeGreaterThan(0);
    }
    await expectContactLinks(accepting);
    expect(await accessibilityViolations(accepting)).toEqual([]);
    expect((await dynamoShareStore.byId(share.id))!.status).toBe('ACTIVE');
    await accepting.context().close();

    const rejecting = await newPage();
    await rejecting.goto(links.rejected.replace(/^https?:\/\/[^/]+/, baseUrl()));
    await rejecting.getByRole('heading', { name: "You're unsubscribed", level: 1 }).waitFor();
    await rejecting.getByText("You will no longer receive sharer's FitGauge reports.").waitFor();
    await expectContactLinks(rejecting);
    expect((await dynamoShareStore.byId(share.id))!.status).toBe('REJECTED');
    await rejecting.context().close();
  });

  it('stops a share after confirmation', async () => {
    const { gamer } = await accounts({ gamer: 'GAMER' }, 'stopper');
    await dynamoUserStore.markEmailVerified(gamer.id, new Date().toISOString());
    const recipient = freshEmail('coach');
    await ok(gamer, 'mutation($email: String!) { updateShareFGScore(email: $email, status: ACTIVE, frequency: WEEKLY) { id } }', {
      email: recipient,
    });
    const page = await newPage();
    await signInContext(page.context(), gamer.email);
    await page.goto(`${baseUrl()}/home/account/sharing`);
    await page.getByRole('button', { name: `Stop sharing with ${recipient}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Stop sharing' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(`You no longer share your reports with ${recipient}.`).waitFor();
    await page.getByText('You do not share your reports yet').waitFor();
    expect(await dynamoShareStore.ofGamer(gamer.id)).toEqual([]);
    await page.context().close();
  });
});

describe('a link that is not valid', () => {
  it.each([
    ['an unknown share', `shareId=${randomUUID()}&acceptance=accepted&name=Someone`],
    ['a malformed share id', 'shareId=not-a-share&acceptance=rejected&name=Someone'],
    ['no share id', 'acceptance=accepted'],
  ])('shows a calm message for %s, with the support and social links', async (_, query) => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/recap/reports?${query}`);
    await page.getByRole('heading', { name: 'This link is no longer valid', level: 1 }).waitFor();
    await page.getByText('Nothing was changed.', { exact: false }).waitFor();
    await expectContactLinks(page);
    await page.context().close();
  });
});

describe('the store-link route', () => {
  /** The request the browser makes to a store after the endpoint's redirect (the stores are out of reach offline). */
  const storeRequest = (context: import('playwright-core').BrowserContext, store: RegExp) =>
    context.waitForEvent('request', (request) => store.test(request.url()));

  it('opens the store link in place on a desktop', async () => {
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    const request = storeRequest(context, /^https:\/\/apps\.apple\.com\//);
    await page.goto(`${baseUrl()}/store-link`);
    expect((await request).redirectedFrom()?.url()).toBe(`${baseUrl()}/api/v1/storeLink`);
    expect((await request).frame().page()).toBe(page);
    await context.close();
  });

  it('opens it in a system window on Android, leaving a link on the page', async () => {
    const context = await chromium.browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    chromium.watchErrors(page);
    const request = storeRequest(context, /^https:\/\/play\.google\.com\//);
    const opened = context.waitForEvent('page');
    await page.goto(`${baseUrl()}/store-link`);
    expect((await request).redirectedFrom()?.url()).toBe(`${baseUrl()}/api/v1/storeLink`);
    expect(await opened).not.toBe(page);
    expect(page.url()).toBe(`${baseUrl()}/store-link`);
    expect(await page.getByRole('link', { name: 'Open the app store' }).getAttribute('href')).toMatch(/\/api\/v1\/storeLink$/);
    await context.close();
  });
});
