import { freshIds } from '../lib/stores/test-support/records';
import { dynamoLoginAttemptStore as attempts } from './login-attempt-store';
import { dynamoResetCodeStore as resetCodes } from './reset-code-store';

/**
 * Sign-in's own stores on DynamoDB Local (jest project `dynamodb`): the tries counted against an account and its live
 * password-reset code, refusals and parallel calls included. Ids are fresh per test, so the suite shares the table.
 */
let id: (name: string) => string;
beforeEach(() => {
  id = freshIds();
});

describe('sign-in tries', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  const seconds = Math.floor(now.getTime() / 1000);

  it('reserves tries up to the limit while the count lives, then starts again at 1; clear forgets them', async () => {
    const userId = id('gamer');
    expect(await attempts.reserveTry(userId, now, seconds + 60, 2)).toBe(1);
    expect(await attempts.reserveTry(userId, now, seconds + 120, 2)).toBe(2);
    expect(await attempts.reserveTry(userId, now, seconds + 180, 2)).toBeNull();
    // The refused try did not move the expiry: at +120 the count is gone.
    expect(await attempts.reserveTry(userId, new Date((seconds + 120) * 1000), seconds + 300, 2)).toBe(1);
    await attempts.clear(userId);
    expect(await attempts.reserveTry(userId, now, seconds + 60, 2)).toBe(1);
  });

  it('never reserves more than the limit for parallel tries', async () => {
    const userId = id('gamer');
    const reserved = await Promise.all(Array.from({ length: 12 }, () => attempts.reserveTry(userId, now, seconds + 60, 5)));
    expect(reserved.filter((count) => count !== null).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('password-reset codes', () => {
  const now = new Date('2026-05-01T10:00:00Z');
  const expiresAt = Math.floor(now.getTime() / 1000) + 600;
  const code = (userId: string, codeHash: string) => ({
    userId,
    codeHash,
    salt: 'salt',
    attempts: 0,
    expiresAt,
    createdAt: '2026-05-01T10:00:00.000Z',
  });

  it('keeps one live code per account, counts guesses against it up to the limit and spends it once', async () => {
    const userId = id('gamer');
    await resetCodes.put(code(userId, 'old'));
    await resetCodes.put(code(userId, 'live'));
    expect(await resetCodes.reserveGuess(userId, now, 2)).toEqual({ ...code(userId, 'live'), attempts: 1 });
    expect(await resetCodes.reserveGuess(userId, now, 2)).toEqual({ ...code(userId, 'live'), attempts: 2 });
    expect(await resetCodes.reserveGuess(userId, now, 2)).toBe('attempts-used');
    await resetCodes.refundGuess(userId, 'old'); // a replaced code gets nothing back
    expect(await resetCodes.reserveGuess(userId, now, 2)).toBe('attempts-used');
    await resetCodes.refundGuess(userId, 'live');
    expect(await resetCodes.reserveGuess(userId, now, 2)).toEqual({ ...code(userId, 'live'), attempts: 2 });
    expect(await resetCodes.spend(userId, 'old')).toBe(false);
    expect(await resetCodes.spend(userId, 'live')).toBe(true);
    expect(await resetCodes.spend(userId, 'live')).toBe(false);
    expect(await resetCodes.reserveGuess(userId, now, 2)).toBeNull();
  });

  it('puts a spent code back unless a newer one was sent meanwhile', async () => {
    const userId = id('gamer');
    await resetCodes.put(code(userId, 'live'));
    expect(await resetCodes.spend(userId, 'live')).toBe(true);
    await resetCodes.restore(code(userId, 'live'));
    expect(await resetCodes.reserveGuess(userId, now, 2)).toEqual({ ...code(userId, 'live'), attempts: 1 });
    await resetCodes.put(code(userId, 'newer'));
    await resetCodes.restore(code(userId, 'live'));
    expect(await resetCodes.reserveGuess(userId, now, 2)).toEqual({ ...code(userId, 'newer'), attempts: 1 });
  });

  it('has no live code once it expired', async () => {
    const userId = id('gamer');
    await resetCodes.put(code(userId, 'live'));
    expect(await resetCodes.reserveGuess(userId, new Date(expiresAt * 1000), 5)).toBeNull();
  });

  it('counts parallel guesses up to the limit only', async () => {
    const userId = id('gamer');
    await resetCodes.put(code(userId, 'live'));
    const guesses = await Promise.all(Array.from({ length: 12 }, () => resetCodes.reserveGuess(userId, now, 5)));
    expect(guesses.filter((guess) => guess === 'attempts-used')).toHaveLength(7);
  });
});
