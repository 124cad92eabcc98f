import { checkResetCode, hashResetCode, issueResetCode, newResetCode, RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_SECONDS } from './reset-code';

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

  it('check right, wrong, expired and exhausted codes', () => {
    const { record } = issueResetCode('u1', now, '654321');
    expect(checkResetCode(record, '654321', now)).toBe('valid');
    expect(checkResetCode(record, '654320', now)).toBe('wrong');
    expect(checkResetCode(record, '654321', new Date(now.getTime() + RESET_CODE_TTL_SECONDS * 1000))).toBe('expired');
    expect(checkResetCode(null, '654321', now)).toBe('expired');
    expect(checkResetCode({ ...record, attempts: RESET_CODE_MAX_ATTEMPTS }, '654321', now)).toBe('attempts-used');
  });
});
