/**
 * The check-in reminder on the account page's Notifications tab, in Chromium against the local stack: a gamer turns it
 * on at an hour of his zone with Web Push on this device (subscribed through the push stand-in, as local mode does) and
 * e-mail, sees the toast, and the settings and the device are stored; a coach, who does not check in, has no reminder.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { dynamoReminderStore } from '../../lambdas/reminders/store';
import { signInContext, type RoleAccount } from '../support/accounts';
import { useBrowser, VIEWPORTS } from '../support/browser';
import { stackInfo, stackUrls, useStackEnvironment } from '../support/stack';
import { accounts, ok } from '../support/team-fixtures';

jest.setTimeout(120_000);

const SETTINGS = 'query { reminderSettings { enabled hour channels timeZone } }';
const chromium = useBrowser();
const contexts: BrowserContext[] = [];

beforeAll(() => useStackEnvironment());
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** The tab as `who` sees it, once its last section (`lastHeading`: gamers see Nudges, staff E-mails) has drawn. */
async function notificationsTab(who: RoleAccount, lastHeading: 'Nudges' | 'E-mails'): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: VIEWPORTS.phone });
  contexts.push(context);
  await signInContext(context, who.email);
  const page = await context.newPage();
  chromium.watchErrors(page);
  await page.goto(`${stackUrls().baseUrl.replace(/\/$/, '')}/home/account/notifications`);
  await page.getByRole('heading', { name: lastHeading }).waitFor();
  return page;
}

it('turns the reminder on at an hour of his zone, on Web Push and e-mail, with a toast; a coach has none', async () => {
  const { gamer, coach } = await accounts({ gamer: 'GAMER', coach: 'COACH' }, 'reminder.page');
  const page = await notificationsTab(gamer, 'Nudges');
  await page.getByRole('heading', { name: 'Check-in reminder' }).waitFor();
  await page.getByText('In your time zone: UTC').waitFor();
  await page.getByText('Remind me to check in').click();
  await page.getByLabel('Reminder time').selectOption({ label: '07:00' });
  await page.getByText('Web Push on this device').click();
  await page.getByRole('button', { name: 'Save reminder' }).click();
  await page.getByText('You will be reminded at 07:00 (UTC) on days you have not checked in.').waitFor();

  expect((await ok(gamer, SETTINGS)).reminderSettings).toEqual({ enabled: true, hour: 7, channels: ['EMAIL', 'PUSH'], timeZone: 'UTC' });
  const devices = await dynamoReminderStore.pushSubscriptions(gamer.id);
  expect(devices.map((device) => new URL(device.endpoint).origin)).toEqual([stackInfo().urls.push]);

  const coachPage = await notificationsTab(coach, 'E-mails');
  expect(await coachPage.getByRole('heading', { name: 'Check-in reminder' }).count()).toBe(0);
});
