/**
 * Billing in Chromium against the local stack (production web build, the Stripe stand-in, the local `window.Stripe`):
 * the pricing page, the coupon dialog, purchases with FULLPASS and with each test card, /coupon, Billing's customer
 * portal and the renewal of an expired team. Every purchase is made by a fresh account (and the renewal on a fresh
 * expired team), so the demo data other suites read stays as seeded.
 */
import type { Page } from 'playwright-core';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../lambdas/lib/db/client';
import { dynamoUserStore, userItem } from '../../lambdas/lib/stores/user-store';
import { dynamoSubscriptionStore } from '../../lambdas/lib/stores/subscription-store';
import {
  accountWithRole,
  baseUrl,
  couponLinkTokenFor,
  emailProofCodeFor,
  logInAccount,
  proveMailbox,
  signInContext,
  storedSession,
  submitLogin,
  type RoleAccount,
} from '../support/accounts';
import { eventually, TEST_CARDS } from '../support/billing';
import { useBrowser } from '../support/browser';
import { addDashboardPurchase } from '../support/purchases';
import { graphql, stackUrls, useStackEnvironment } from '../support/stack';

jest.setTimeout(90_000);

const chromium = useBrowser();

beforeAll(() => {
  useStackEnvironment(); // the expired team is written through the stores, as the webhooks write it
});

afterAll(() => {
  db().destroy();
});

/** A page at `path`, signed in as `email` when given. */
async function openPage(path: string, email?: string): Promise<Page> {
  const context = await chromium.browser.newContext();
  if (email) await signInContext(context, email);
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  chromium.watchErrors(page, path);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

const closePage = (page: Page) => page.context().close();
const planCard = (page: Page) => page.locator('.fg-pricing__card').first();
const couponDialog = (page: Page) => page.getByRole('dialog', { name: 'Do you have a coupon?' });

/** A fresh gamer with no team: someone who would buy a first dashboard. */
const freshBuyer = () => accountWithRole('GAMER', 'billing.buyer', 'Bea Buyer');

/** BUY NOW, then Skip on the coupon dialog; the card form opens. */
async function startCardPurchase(page: Page) {
  await planCard(page).getByRole('button', { name: 'BUY NOW' }).click();
  await couponDialog(page).getByRole('button', { name: 'Skip' }).click();
  const form = page.getByRole('dialog', { name: 'Subscription payment' });
  await form.waitFor();
  return form;
}

async function payWith(page: Page, cardNumber: string) {
  const form = await startCardPurchase(page);
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry').fill('1234');
  await form.getByLabel('CVC').fill('123');
  expect(await form.getByLabel('Expiry').inputValue()).toBe('12 / 34');
  await form.getByRole('button', { name: 'Subscribe' }).click();
}

/** Continue on Payment successful! leads to team creation, with tokens that say Director. */
async function continueAsDirector(page: Page) {
  const success = page.getByRole('dialog', { name: 'Payment successful!' });
  await success.getByText('Your subscription renews yearly.').waitFor();
  await success.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/home/my-team/new');
  expect((await storedSession(page))?.groups).toContain('DIRECTOR');
}

describe('/pricing', () => {
  it('shows the plan yearly first with SAVE 16%, monthly on request, the Enterprise mail, and sends a signed-out buyer to sign up', async () => {
    const page = await openPage('/pricing');
    const plan = planCard(page);
    await plan.getByRole('heading', { name: 'Coach Performance Package Yearly' }).waitFor();
    expect(await plan.getByText('SAVE 16%').count()).toBe(1);
    expect(await plan.locator('.fg-pricing__price').textContent()).toBe(' $399.99 / year');
    expect(await plan.getByText('Includes 5 gamer accounts, 1 Director and 1 Coach account').count()).toBe(1);
    expect(await plan.getByText('Additional gamer accounts $9.99 per month each').count()).toBe(1);

    await plan
      .getByRole('radio', { name: 'Monthly' })
      .or(plan.getByRole('button', { name: 'Monthly' }))
      .click();
    await plan.getByRole('heading', { name: 'Coach Performance Package', exact: true }).waitFor();
    expect(await plan.locator('.fg-pricing__price').textContent()).toBe(' $39.99 / month');
    expect(await plan.getByText('SAVE 16%').count()).toBe(0);

    const contact = page.getByRole('link', { name: 'CONTACT SALES' });
    expect(await contact.getAttribute('href')).toMatch(/^mailto:/);

    await plan.getByRole('button', { name: 'BUY NOW' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/signup');
    await closePage(page);
  });

  it('checks a coupon in the dialog: Invalid coupon keeps Redeem disabled, a valid trimmed code says its percent off', async () => {
    const buyer = await freshBuyer();
    const page = await openPage('/pricing', buyer.email);
    await planCard(page).getByRole('button', { name: 'BUY NOW' }).click();
    const dialog = couponDialog(page);
    const redeem = dialog.getByRole('button', { name: 'Redeem' });
    expect(await redeem.isDisabled()).toBe(true);

    await dialog.getByLabel('Coupon').fill('NOSUCHCODE');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Invalid coupon', { exact: true }).waitFor();
    expect(await redeem.isDisabled()).toBe(true);

    await dialog.getByLabel('Coupon').fill('  welcome20 ');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('You got 20% off!', { exact: true }).waitFor();
    expect(await redeem.isDisabled()).toBe(false);
    await closePage(page);
  });
});

describe('purchases', () => {
  it('buys a dashboard with FULLPASS straight to Payment successful!, then the buyer is a Director and creates the team', async () => {
    const buyer = await freshBuyer();
    const page = await openPage('/pricing', buyer.email);
    await planCard(page).getByRole('button', { name: 'BUY NOW' }).click();
    const dialog = couponDialog(page);
    await dialog.getByLabel('Coupon').fill('FULLPASS');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('You got 100% off!').waitFor();
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    // A fresh account proves its mailbox before a coupon buys anything: the code dialog, then the purchase goes on.
    const proof = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
    await proof.getByText('Please confirm your e-mail address first: we send you a code.').waitFor();
    expect(await dynamoSubscriptionStore.unusedPurchases(buyer.id)).toEqual([]);
    const since = new Date();
    await proof.getByRole('button', { name: 'Send me a code' }).click();
    await proof.getByLabel('Code from the e-mail').fill(await emailProofCodeFor(buyer.email, since));
    await proof.getByRole('button', { name: 'Confirm', exact: true }).click();
    await proof.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog', { name: 'Subscription payment' }).count()).toBe(0);
    await continueAsDirector(page);

    // The purchase is the dashboard team creation spends.
    await page.getByLabel('Name').fill('Fullpass Foxes');
    await page.getByLabel('Description').fill('Bought with FULLPASS in the billing browser test');
    await page.getByLabel('Game').selectOption('Rocket League');
    await page.getByRole('button', { name: 'Create Team' }).click();
    await page.waitForURL((url) => url.pathname === '/home/my-team/statistics/');
    await page.getByText('Team created successfully!').waitFor();
    await closePage(page);
  });

  it('pays by card 4242 in the card form: Payment successful!, and the webhook makes the buyer a Director', async () => {
    const buyer = await freshBuyer();
    const page = await openPage('/pricing', buyer.email);
    await payWith(page, TEST_CARDS.succeeds);
    await continueAsDirector(page);
    await closePage(page);
  });

  it('says Payment processing failed! for the declined card, and the buyer stays a gamer', async () => {
    const buyer = await freshBuyer();
    const page = await openPage('/pricing', buyer.email);
    await payWith(page, TEST_CARDS.declined);
    const failure = page.getByRole('alertdialog', { name: 'Payment processing failed!' });
    await failure.getByText('Your card was declined.').waitFor();
    await failure.getByRole('button', { name: 'Close' }).click();
    expect(new URL(page.url()).pathname).toBe('/pricing');
    expect((await storedSession(page))?.groups).not.toContain('DIRECTOR');
    await closePage(page);
  });

  it('shows the bank dialog for the authentication card; its Continue signs the buyer out', async () => {
    const buyer = await freshBuyer();
    const page = await openPage('/pricing', buyer.email);
    await payWith(page, TEST_CARDS.authenticates);
    const bank = page.getByRole('dialog', { name: 'Confirm the payment with your bank' });
    await bank.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/login');
    expect(await storedSession(page)).toBeNull();
    await closePage(page);
  });
});

describe('/coupon', () => {
  it('says Invalid coupon for an unknown code and Coupon applied successfully! for WELCOME20, which the mailed link then applies', async () => {
    const gamer = await freshBuyer();
    // Only an account that proved its mailbox is credited by a mailed link (docs/billing.md).
    await dynamoUserStore.markEmailVerified(gamer.id, new Date().toISOString());
    const page = await openPage('/coupon');
    await page.getByLabel('E-mail').fill(gamer.email);
    await page.getByLabel('Coupon').fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await page.getByText('Invalid coupon', { exact: true }).waitFor();

    const since = new Date();
    await page.getByLabel('Coupon').fill(' WELCOME20 ');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await page.getByText('Coupon applied successfully!', { exact: true }).waitFor();
    await page.getByText('If this e-mail has an account, we sent it a link to confirm the coupon.', { exact: true }).waitFor();
    const profileItem = async () =>
      (await db().send(new GetCommand({ TableName: stackUrls().tableName, Key: userItem.key(gamer), ConsistentRead: true }))).Item;
    expect(await profileItem()).not.toHaveProperty('appSubscriptionReason');

    // The owner opens the link from the mail, signed out.
    const token = await couponLinkTokenFor(gamer.email, since);
    await page.goto(`${baseUrl()}/coupon/confirm?${new URLSearchParams({ token, account: gamer.email })}`);
    await page.getByRole('heading', { name: 'Confirm your coupon' }).waitFor();
    await page.getByText(`For the FitGauge account ${gamer.email}.`, { exact: true }).waitFor();
    await page.getByText('Coupon applied successfully!', { exact: true }).waitFor();
    expect(await profileItem()).toMatchObject({ appSubscriptionReason: 'FGPRO' });
    await page.reload();
    await page.getByText('This coupon link is invalid or has expired.', { exact: true }).waitFor();
    await closePage(page);
  });

  it('asks a signed-out visitor of a coupon link to sign in first, and comes back to it', async () => {
    const page = await openPage('/activate/coupon?code=WELCOME20');
    const signInLink = page.getByRole('link', { name: 'Sign In' });
    expect(await signInLink.getAttribute('href')).toBe(`/auth/login?redirectTo=${encodeURIComponent('/activate/coupon?code=WELCOME20')}`);
    await closePage(page);
  });
});

describe('after login', () => {
  it('asks a director with an active coupon payment but no dashboard payment to see the plans', async () => {
    const director = await accountWithRole('DIRECTOR', 'billing.coupon-director', 'Cody Coupon');
    // Only a proven mailbox's account is creditable (docs/billing.md, "Who may redeem a coupon").
    await proveMailbox(director);
    const since = new Date();
    const applied = await graphql(
      `
        mutation ($e: String!) {
          applyCouponToEmail(email: $e, couponId: "WELCOME20")
        }
      `,
      { e: director.email },
      { publicToken: true },
    );
    expect(applied.data?.applyCouponToEmail).toBe(true);
    const token = await couponLinkTokenFor(director.email, since);
    expect(
      (
        await graphql(
          `
            mutation ($t: String!) {
              confirmCoupon(token: $t)
            }
          `,
          { t: token },
          { publicToken: true },
        )
      ).data?.confirmCoupon,
    ).toBe(true);
    const page = await openPage('/auth/login');
    await submitLogin(page, director.email);
    const prompt = page.getByRole('dialog', { name: 'Add a Team Dashboard' });
    await prompt.getByRole('link', { name: 'See plans' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    await closePage(page);
  });

  it('does not ask a director whose payments include a dashboard', async () => {
    const page = await openPage('/auth/login');
    await submitLogin(page, 'director@fitgauge.test');
    await page.waitForURL((url) => url.pathname === '/home/manager-portal');
    await page.getByRole('heading', { name: 'Director Portal' }).waitFor();
    const answer = await graphql(
      `
        query {
          dashboardPaymentPrompt
        }
      `,
      {},
      { token: (await logInAccount('director@fitgauge.test')).accessToken },
    );
    expect(answer.data).toEqual({ dashboardPaymentPrompt: false });
    expect(await page.getByRole('dialog', { name: 'Add a Team Dashboard' }).count()).toBe(0);
    await closePage(page);
  });
});

describe('Billing and renewals', () => {
  it('opens the customer portal in a new tab from Billing', async () => {
    const page = await openPage('/home/manager-portal', 'director@fitgauge.test');
    const [portal] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Billing' }).click()]);
    await portal.waitForLoadState();
    await portal.getByRole('heading', { name: 'Billing' }).waitFor();
    expect(new URL(portal.url()).pathname).toMatch(/^\/p\/session\//);
    await closePage(page);
  });

  it('renews an expired team (Sleepy Sloths, a fresh copy) from Subscription expired by card', async () => {
    const { director, teamId } = await directorWithExpiredTeam('Sleepy Sloths');
    const page = await openPage('/home/manager-portal', director.email);
    await page
      .getByRole('list', { name: 'Your teams' })
      .getByRole('button', { name: /^Sleepy Sloths/ })
      .click();
    await page.getByRole('alertdialog', { name: 'Subscription expired' }).getByRole('link', { name: 'Renew subscription' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing' && url.searchParams.get('teamId') === teamId);
    await payWith(page, TEST_CARDS.succeeds);
    await page.getByRole('dialog', { name: 'Payment successful!' }).getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/home/manager-portal');
    const status = await eventually(
      async () =>
        (
          await graphql(
            `
              query ($t: ID!) {
                verifyTeamSubscription(teamId: $t) {
                  status
                }
              }
            `,
            { t: teamId },
            { token: director.token },
          )
        ).data?.verifyTeamSubscription.status,
      (value) => value === 'active',
    );
    expect(status).toBe('active');
    await closePage(page);
  });
});

/** A fresh director owning one team whose subscription ended three days ago (as Sleepy Sloths' did). */
async function directorWithExpiredTeam(name: string): Promise<{ director: RoleAccount; teamId: string }> {
  const director = await accountWithRole('DIRECTOR', 'billing.director', 'Eve Expired');
  await addDashboardPurchase(director.id);
  const created = await graphql(
    `
      mutation ($data: TeamInput!) {
        createTeam(data: $data) {
          id
        }
      }
    `,
    { data: { name, description: 'Made by the billing browser test', game: 'Valorant' } },
    { token: director.token },
  );
  const teamId = created.data!.createTeam.id as string;
  const subscription = (await dynamoSubscriptionStore.teamSubscription(teamId))!;
  await dynamoSubscriptionStore.putTeamSubscription({
    ...subscription,
    status: 'canceled',
    endSubscriptionAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    updatedAt: new Date().toISOString(),
  });
  return { director, teamId };
}
