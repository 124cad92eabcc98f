import { nudgeOutcome, nudgeQuestion } from './nudge';

describe('the nudge’s words', () => {
  it('asks how many members it will reach', () => {
    expect(nudgeQuestion(3)).toMatch(/^A reminder to check in goes to the 3 members who have not checked in today/);
    expect(nudgeQuestion(1)).toMatch(/^A reminder to check in goes to the member who has not checked in today/);
  });

  it('reports who was reminded now and who had been nudged already', () => {
    expect(nudgeOutcome({ nudged: 3, alreadyNudged: 0 })).toBe('Nudged 3 members.');
    expect(nudgeOutcome({ nudged: 1, alreadyNudged: 2 })).toBe('Nudged 1 member. 2 members already nudged today were left alone.');
    expect(nudgeOutcome({ nudged: 0, alreadyNudged: 3 })).toBe('All 3 members not checked in were already nudged today.');
    expect(nudgeOutcome({ nudged: 0, alreadyNudged: 1 })).toBe('The member not checked in was already nudged today.');
    expect(nudgeOutcome({ nudged: 0, alreadyNudged: 0 })).toBe('Nobody to nudge: every member has checked in today.');
  });
});
