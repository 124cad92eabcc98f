import fc from 'fast-check';
import { looksLikeLink } from './link-rules';

describe('looksLikeLink: names shown in e-mails carry no link (issue 24)', () => {
  it.each([
    'FitGauge Security: account locked, verify now at https://evil.example/verify',
    'evil.example',
    'evil。example',
    'evil．example',
    'evil[.]example',
    'evil (dot) com',
    'www.evil',
    'bob@evil.com',
    'hxxp://evil',
    'see mailto:bob',
  ])('refuses %s', (name) => expect(looksLikeLink(name)).toBe(true));

  it.each(['Dana Director', 'Night Owls', 'Nora Newcoach', 'J.R. Smith', 'Dr. Who', 'Team 2.0', "O'Brien-Smith", 'Paral·lel', 'Big data: team'])(
    'takes %s',
    (name) => expect(looksLikeLink(name)).toBe(false),
  );
});

/** Characters that show as nothing: zero-width space, joiners, word joiner, soft hyphen, direction marks, BOM, … */
const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\u200e', '\u200f', '\u061c', '\ufeff', '\u180e', '\u2061', '\u034f', '\ufe0f'];
/** Dots a reader takes for one (NFKC folds the full-width and small ones; the ideographic one and `[.]` are matched as such). */
const DOTS = ['.', '\u3002', '\uff0e', '\uff61', '\u2024', '\ufe52', '[.]', ' (dot) '];
/** ⒈ to ⒛: a number and a full stop in one character, which NFKC splits into `1.` … `20.`. */
const ENCLOSED_DIGIT_STOPS = Array.from({ length: 20 }, (_, i) => String.fromCharCode(0x2488 + i));

/** The text with invisible characters put in at the given places (anywhere: inside words, around dots). */
const withInvisibles = (text: string) =>
  fc.array(fc.tuple(fc.nat({ max: text.length }), fc.constantFrom(...INVISIBLE)), { maxLength: 4 }).map((insertions) => {
    const chars = [...text];
    for (const [at, invisible] of [...insertions].sort(([a], [b]) => b - a)) chars.splice(at, 0, invisible);
    return chars.join('');
  });

/** Full-width forms (ｅｖｉｌ．ｃｏｍ), which NFKC folds to ASCII. */
const fullWidth = (text: string) => text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
const maybeFullWidth = (text: string) => fc.boolean().map((wide) => (wide ? fullWidth(text) : text));

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/);
const topLevel = fc.constantFrom('com', 'net', 'org', 'io', 'example', 'co');
const around = fc.constantFrom(['', ''], ['Visit ', ''], ['Team ', ' now'], ['', '!']);

const domains = fc.tuple(label, fc.constantFrom(...DOTS), topLevel).chain(([name, dot, tld]) => maybeFullWidth(`${name}${dot}${tld}`));
const enclosedDigitDomains = fc.tuple(label, fc.constantFrom(...ENCLOSED_DIGIT_STOPS), topLevel).map(([name, stop, tld]) => `${name}${stop}${tld}`);
const ipV4 = fc.tuple(fc.ipV4(), fc.constantFrom(...DOTS)).chain(([address, dot]) => maybeFullWidth(address.replaceAll('.', dot)));
const ipV6 = fc.ipV6().filter(
  (address) =>
    address
      .replaceAll(/[^0-9a-f]+/gi, ' ')
      .trim()
      .split(' ').length >= 2,
);

describe('looksLikeLink over generated variants (issue 32)', () => {
  it.each([
    ['domains with look-alike dots or full-width letters', domains],
    ['domains whose dot hides in an enclosed number (⒈)', enclosedDigitDomains],
    ['IPv4 addresses', ipV4],
    ['IPv6 addresses with two or more groups', ipV6],
  ])('refuses %s, with invisible characters anywhere and words around', (_, links) => {
    fc.assert(fc.property(links.chain(withInvisibles), around, (link, [before, after]) => looksLikeLink(`${before}${link}${after}`)));
  });

  it('takes names of words, initials and version numbers, with invisible characters anywhere', () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{1,9}$/);
    const part = fc.oneof(
      word,
      fc.stringMatching(/^[A-Z]\.(?:[A-Z]\.)?$/),
      fc.stringMatching(/^[1-9]\.[0-9]$/),
      fc.constantFrom('Dr.', "O'Brien", 'Paral·lel'),
    );
    const names = fc.array(part, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' '));
    fc.assert(fc.property(names.chain(withInvisibles), (name) => !looksLikeLink(name)));
  });
});
