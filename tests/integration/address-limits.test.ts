/**
 * Issue 32 items 4 and 7 against the local stack: what protects an e-mail address belongs to the address, not to the
 * account that has it, so deleting the account and signing up again with the address starts nothing over. The mailbox
 * proof's mails and guesses, and the deletion confirmations, are counted per address (hashed); an unsubscribe from a
 * gamer's reports holds after the gamer deletes his account and makes it again. Each case uses fresh addresses.
 */
import { EMAIL_PROOF_MAX_ATTEMPTS, EMAIL_PROOF_MESSAGES } from '@core/email-proof';
import { dynamoUserStore } from '../../lambdas/lib/stores/user-store';
import { freshEmail, signUpAccount, type RoleAccount } from '../support/accounts';
import { graphql, readOutbox, useStackEnvironment, type GraphQLResponse } from '../support/stack';
import { ok, refusal } from '../support/team-fixtures';

jest.setTimeout(180_000);

const SEND_PROOF = 'mutation { sendEmailProof }';
const PROVE = 'mutation($code: String!) { proveEmail(code: $code) }';
const ME = 'query { me { emailVerified } }';
const DELETE = 'mutation($email: String!) { deleteAccount(email: $email) }';
const SHARE = `mutation($email: String!, $status: ReportShareStatus!, $frequency: ReportFrequency!) {
  updateShareFGScore(email: $email, status: $status, frequency: $frequency) { id status } }`;
const ACTIVATE = `mutation($shareId: ID!, $acceptance: ReportAcceptance!) {
  activateShareFGScore(shareId: $shareId, acceptance: $acceptance) { status } }`;
const PROOF_SUBJECT = 'Your FitGauge e-mail confirmation code';
const DELETED_SUBJECT = 'Your FitGauge account was deleted';

const messageOf = (response: GraphQLResponse<unknown>) => response.errors?.[0]?.message;
const wrongCode = (code: string, offset: number) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');
const mailsTo = async (email: string, subject: string) => (await readOutbox(email)).filter((mail) => mail.subject === subject);

/** A new account on `email` (the address's earlier account deleted), signed in. */
async function signUpWith(email: string): Promise<RoleAccount> {
  const grant = await signUpAccount(email);
  return { id: grant.user.id, email, token: grant.accessToken };
}

const deleteAccount = async (account: RoleAccount) => expect((await ok(account, DELETE, { email: account.email })).deleteAccount).toBe(true);

/** The code of the last proof mail to `email`, which must be the `count`-th. */
async function latestProofCode(email: string, count: number): Promise<string> {
  const mails = await mailsTo(email, PROOF_SUBJECT);
  expect(mails).toHaveLength(count);
  return /\b(\d{6})\b/.exec(mails.at(-1)!.text)![1]!;
}

beforeAll(() => useStackEnvironment());

describe('mailbox proof limits belong to the address (item 4)', () => {
  it('keeps counting codes, guesses and deletion mails across delete-and-sign-up-again, parallel requests included', async () => {
    const email = freshEmail('proof.loop');

    // First account: a code and 12 parallel wrong guesses; 5 are checked against the code, all 12 count for the address.
    const first = await signUpWith(email);
    expect((await ok(first, SEND_PROOF)).sendEmailProof).toBe(true);
    const firstCode = await latestProofCode(email, 1);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => graphql(PROVE, { code: wrongCode(firstCode, index + 1) }, { token: first.token })),
    );
    expect(guesses.filter((guess) => messageOf(guess) === EMAIL_PROOF_MESSAGES.codeInvalid)).toHaveLength(EMAIL_PROOF_MAX_ATTEMPTS);
    expect(guesses.filter((guess) => messageOf(guess) === EMAIL_PROOF_MESSAGES.attemptsUsed)).toHaveLength(12 - EMAIL_PROOF_MAX_ATTEMPTS);
    await deleteAccount(first);

    // Same address, new account: its new code gets only the 3 guesses left of the address's 15 this hour.
    const second = await signUpWith(email);
    expect((await ok(second, SEND_PROOF)).sendEmailProof).toBe(true);
    const secondCode = await latestProofCode(email, 2);
    const more = await Promise.all(
      Array.from({ length: 6 }, (_, index) => graphql(PROVE, { code: wrongCode(secondCode, index + 1) }, { token: second.token })),
    );
    expect(more.filter((guess) => messageOf(guess) === EMAIL_PROOF_MESSAGES.codeInvalid)).toHaveLength(3);
    expect(more.filter((guess) => messageOf(guess) === EMAIL_PROOF_MESSAGES.tooManyGuesses)).toHaveLength(3);
    // Even the right code is not checked any more this hour.
    expect(await refusal(second, PROVE, { code: secondCode })).toEqual({
      errorType: 'ValidationError',
      message: EMAIL_PROOF_MESSAGES.tooManyGuesses,
    });
    expect((await ok(second, ME)).me).toEqual({ emailVerified: false });

    // Parallel mails: the address has one of its 3 left.
    const sends = await Promise.all(Array.from({ length: 4 }, () => graphql(SEND_PROOF, {}, { token: second.token })));
    expect(sends.filter((sent) => sent.data?.sendEmailProof === true)).toHaveLength(1);
    expect(sends.map(messageOf).filter(Boolean)).toEqual(Array(3).fill(EMAIL_PROOF_MESSAGES.tooManyMails));
    await deleteAccount(second);

    const third = await signUpWith(email);
    expect(await refusal(third, SEND_PROOF)).toEqual({ errorType: 'ValidationError', message: EMAIL_PROOF_MESSAGES.tooManyMails });
    expect(await mailsTo(email, PROOF_SUBJECT)).toHaveLength(3);
    await deleteAccount(third);

    // The deletion confirmations: 3 a day to an address; a fourth deletion goes through without a mail.
    await deleteAccount(await signUpWith(email));
    expect(await mailsTo(email, DELETED_SUBJECT)).toHaveLength(3);
  });
});

describe('an unsubscribe belongs to the address (item 7)', () => {
  it('still refuses the share after the sharer deletes his account and makes it again with the same address', async () => {
    const sharerEmail = freshEmail('optout.sharer');
    const recipient = freshEmail('optout.parent');
    const sharer = await signUpWith(sharerEmail);
    await dynamoUserStore.markEmailVerified(sharer.id, new Date().toISOString());
    const { updateShareFGScore: share } = await ok(sharer, SHARE, { email: recipient, status: 'ACTIVE', frequency: 'DAILY' });
    expect((await graphql(ACTIVATE, { shareId: share.id, acceptance: 'REJECTED' }, { publicToken: true })).data?.activateShareFGScore).toEqual({
      status: 'REJECTED',
    });
    await deleteAccount(sharer);

    const again = await signUpWith(sharerEmail);
    await dynamoUserStore.markEmailVerified(again.id, new Date().toISOString());
    expect(await refusal(again, SHARE, { email: recipient, status: 'ACTIVE', frequency: 'DAILY' })).toEqual({
      errorType: 'Conflict',
      message: 'This address unsubscribed from your reports, so they cannot be shared with it again.',
    });
    expect((await ok(again, 'query { myReportShares { id } }')).myReportShares).toEqual([]);
  });
});
