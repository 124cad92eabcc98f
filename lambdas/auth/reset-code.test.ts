import { hashResetCode, issueResetCode, matchesResetCode, newResetCode, RESET_CODE_TTL_SECONDS } from './reset-code';

const now = new Date('2026-11-02T10:00:00Z');

describe('reset codes', () => {
  it('are 6 digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newResetCode()).toMatch(/^\d{6}$/);
  });

  it('are stored as a salted hash bound to the account', () => {
    const a = issueResetCode('u1', now, '012345');
    const b = issueResetCode('u1', now, '012345');
    expect(JSON.stringify(a.record)).not.toContain('012345');
    expect(a.record.codeHash).not.toBe(b.record.codeHash); // per-code salt
    expect(hashResetCode('u2', '012345', a.record.salt)).not.toBe(a.record.codeHash);
  });

  it('match only the code they were issued for, and expire after their lifetime', () => {
    const { record } = issueResetCode('u1', now, '654321');
    expect(matchesResetCode(record, '654321')).toBe(true);
    expect(matchesResetCode(record, '654320')).toBe(false);
    expect(record.expiresAt).toBe(now.getTime() / 1000 + RESET_CODE_TTL_SECONDS);
  });
});
