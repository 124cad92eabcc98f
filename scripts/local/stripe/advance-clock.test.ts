import { parseDuration } from './advance-clock';

describe('npm run stripe:advance-clock durations', () => {
  it.each([
    ['32d', 32 * 86_400],
    ['32', 32 * 86_400],
    ['12h', 12 * 3600],
    ['90s', 90],
    ['13w', 13 * 7 * 86_400],
    ['0d', null],
    ['-1d', null],
    ['1y', null],
    ['', null],
  ])('%p -> %p seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });
});
