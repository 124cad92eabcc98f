/**
 * Proving a mailbox in Chromium against the local stack (docs/accounts.md, "Proving your mailbox"): the account page's
 * "Confirm my e-mail" opens the code dialog, a wrong code is refused in it, the mailed code proves the mailbox; on
 * /activate/coupon an unproven account gets the same dialog first, and the coupon then applies to it at once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { dynamoBillingStore } from '../../lambdas/lib/stores/billing-store';
import { accountWithRole, baseUrl, emailProofCodeFor, signInContext, type RoleAccount } from '../support/accounts';
import { useBrowser } from '../support/browser';
import { graphql, useStackEnvironment } from '../support/stack';
import { couponPaymentId } from '../../lambdas/billing/coupons';

jest.setTimeout(90_000);

const chromium = useBrowser();
const contexts: BrowserContext[] = [];

beforeAll(() => useStackEnvironment());

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function pageAt(who: RoleAccount, path: string): Promise<Page> {
  const context = await chromium.browser.newContext();
  contexts.push(context);
  context.setDefaultTimeout(20_000);
  await signInContext(context, who.email);
  const page = await context.newPage();
  chromium.watchErrors(page, path);
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

const emailVerified = async (who: RoleAccount) => (await graphql('query { me { emailVerified } }', {}, { token: who.token })).data?.me.emailVerified;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the mailbox proof dialog', () => {
  it('on the account page: send me a code, a wrong code refused, the mailed one confirms the e-mail', async () => {
    const gamer = await accountWithRole('GAMER', 'proof.page', 'Proof Page');
    const page = await pageAt(gamer, '/home/account');
    await page.getByText('Your e-mail address is not confirmed yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Confirm my e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
    await dialog.getByText(gamer.email).waitFor();

    const since = new Date();
    await dialog.getByRole('button', { name: 'Send me a code' }).click();
    await dialog.getByText(`We sent a 6-digit code to ${gamer.email}.`).waitFor();
    const code = await emailProofCodeFor(gamer.email, since);
    await dialog.getByLabel('Code from the e-mail').fill(wrong(code));
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await dialog.getByText('Invalid or expired code.').waitFor();
    expect(await emailVerified(gamer)).toBe(false);

    await dialog.getByLabel('Code from the e-mail').fill(code);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Your e-mail address is confirmed.', { exact: true }).first().waitFor();
    expect(await emailVerified(gamer)).toBe(true);
    // The profile form was not submitted by the dialog's form.
    expect(await page.getByText('Profile saved.').count()).toBe(0);
  });

  it('on /activate/coupon: an unproven account proves its mailbox first, then the coupon applies at once', async () => {
    const gamer = await accountWithRole('GAMER', 'proof.coupon', 'Proof Coupon');
    const page = await pageAt(gamer, '/activate/coupon?code=WELCOME20');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your e-mail address' });
    await dialog.getByText('Confirm your e-mail address and the coupon applies to your account at once.').waitFor();
    expect(await dynamoBillingStore.payment(gamer.id, couponPaymentId(gamer.id, 'WELCOME20'))).toBeNull();

    const since = new Date();
    await dialog.getByRole('button', { name: 'Send me a code' }).click();
    await dialog.getByLabel('Code from the e-mail').fill(await emailProofCodeFor(gamer.email, since));
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Coupon applied successfully!', { exact: true }).waitFor();
    expect(await dynamoBillingStore.payment(gamer.id, couponPaymentId(gamer.id, 'WELCOME20'))).toMatchObject({ method: 'coupon', status: 'active' });
    expect(await emailVerified(gamer)).toBe(true);
  });
});
