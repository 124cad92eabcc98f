import fc from 'fast-check';
import type { z } from 'zod';
import {
  boundedId,
  boundedInt,
  boundedToken,
  boundedUrl,
  emailAddress,
  MAX_EMAIL_LENGTH,
  MAX_ID_LENGTH,
  MAX_TOKEN_LENGTH,
  quoteForMessage,
  safeText,
} from './fields';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
};

const HUGE = 'a'.repeat(100_000);

describe('safe text', () => {
  const name = safeText({ required: 'Name is required.', max: 20, tooLong: 'Name is too long.', label: 'Name', noMarkup: 'No markup.' });

  it('keeps ordinary names from many scripts, trimmed', () => {
    expect(name.parse('  Zoë Ødegaard ')).toBe('Zoë Ødegaard');
    expect(name.parse('김민준')).toBe('김민준');
    expect(name.parse('محمد')).toBe('محمد');
    expect(name.parse('Ava 🎮')).toBe('Ava 🎮');
  });

  it.each([
    ['NUL', 'Ava\u0000'],
    ['a line break', 'Ava\nBo'],
    ['a C1 control', 'Ava\u0085'],
    ['DEL', 'Ava\u007f'],
    ['a right-to-left override', '\u202eavA'],
    ['a left-to-right isolate', 'Ava\u2066'],
    ['a pop directional isolate', 'Ava\u2069'],
    ['a lone high surrogate', 'Ava\ud83c'],
    ['a lone low surrogate', '\udfaeAva'],
  ])('refuses %s', (_, value) => {
    expect(firstMessage(name, value)).toBe('Name must not contain control characters, direction overrides or broken characters.');
  });

  it.each([[''], ['   '], ['\u200b\u200b'], ['\ufeff \u2060'], ['\u00ad']])('refuses blank %j as missing', (value) => {
    expect(firstMessage(name, value)).toBe('Name is required.');
  });

  it('refuses markup when asked to, and non-strings as missing', () => {
    expect(firstMessage(name, '<b>Ava</b>')).toBe('No markup.');
    expect(firstMessage(name, 42)).toBe('Name is required.');
    expect(firstMessage(name, null)).toBe('Name is required.');
  });

  it('says only "too long" for text over the bound, whatever else it holds', () => {
    expect(firstMessage(name, 'a'.repeat(21))).toBe('Name is too long.');
    expect(firstMessage(name, `\u0000${HUGE}`)).toBe('Name is too long.');
    fc.assert(
      fc.property(
        fc.string({ minLength: 21, maxLength: 200 }).filter((s) => s.trim().length > 20),
        (value) => firstMessage(name, value) === 'Name is too long.',
      ),
    );
  });

  it('lets tabs and line breaks through multi-line text only', () => {
    const text = safeText({ required: 'Required.', max: 100, tooLong: 'Too long.', multiline: true });
    expect(text.parse('one\n\ttwo')).toBe('one\n\ttwo');
    expect(firstMessage(text, 'one\u0000two')).toBe('This field must not contain control characters, direction overrides or broken characters.');
  });
});

describe('bounded ids and tokens', () => {
  it('accepts UUIDs and refuses empty, long, markup and non-id characters', () => {
    const id = boundedId('teamId');
    expect(id.parse('6f1c2a9e-0b1d-4c57-9a43-4e2d8f0a1b01')).toBe('6f1c2a9e-0b1d-4c57-9a43-4e2d8f0a1b01');
    expect(firstMessage(id, '')).toBe('teamId must not be empty.');
    expect(firstMessage(id, 'x'.repeat(MAX_ID_LENGTH + 1))).toBe(`teamId must be at most ${MAX_ID_LENGTH} characters.`);
    expect(firstMessage(id, 'x'.repeat(2_000))).toBe(`teamId must be at most ${MAX_ID_LENGTH} characters.`);
    for (const value of ['<script>', 'a b', 'team\u0000', '\u202eteam', 'TEAM#1']) {
      expect(firstMessage(id, value)).toBe('teamId must be an id (letters, digits, -, _, . or :).');
    }
    expect(firstMessage(id, 42)).toBe('teamId must be an id.');
  });

  it('accepts JWT-shaped tokens up to the bound and nothing else', () => {
    const token = boundedToken('Session expired.');
    expect(token.parse('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln-_')).toBe('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln-_');
    expect(token.safeParse('a'.repeat(MAX_TOKEN_LENGTH)).success).toBe(true);
    for (const value of ['', 'a'.repeat(MAX_TOKEN_LENGTH + 1), HUGE, 'abc def', 'abc\u0000', '<b>', 7]) {
      expect(firstMessage(token, value)).toBe('Session expired.');
    }
  });
});

describe('e-mail addresses', () => {
  const email = emailAddress({ required: 'Required.', invalid: 'Invalid.' });

  it('accepts 254 characters and refuses 255 (the issue saw 318 accepted)', () => {
    const address = (last: number) => `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(last)}.com`;
    const at254 = address(57);
    expect(at254).toHaveLength(MAX_EMAIL_LENGTH);
    expect(email.safeParse(at254).success).toBe(true);
    expect(firstMessage(email, address(58))).toBe('Invalid.');
    expect(firstMessage(email, `${'a'.repeat(300)}@example.com`)).toBe('Invalid.');
  });

  it('trims, lower-cases and refuses blanks and controls', () => {
    expect(email.parse(' Ava@Example.COM ')).toBe('ava@example.com');
    expect(firstMessage(email, '   ')).toBe('Required.');
    expect(firstMessage(email, 'ava\u0000@example.com')).toBe('Invalid.');
    expect(firstMessage(email, 'ava@exa\u202emple.com')).toBe('Invalid.');
  });
});

describe('numbers and URLs', () => {
  it('bounds whole numbers', () => {
    const days = boundedInt('days', 1, 366);
    expect(days.parse(7)).toBe(7);
    expect(firstMessage(days, 0)).toBe('days must be at least 1.');
    expect(firstMessage(days, 2_147_483_647)).toBe('days must be at most 366.');
    expect(firstMessage(days, 1.5)).toBe('days must be a whole number.');
    expect(firstMessage(days, '7')).toBe('days must be a whole number.');
  });

  it('takes http(s) URLs of at most 2,048 characters', () => {
    const url = boundedUrl('Bad URL.');
    expect(url.parse('http://localhost:5173/auth/discord')).toBe('http://localhost:5173/auth/discord');
    expect(firstMessage(url, `https://example.com/${'a'.repeat(2_100)}`)).toBe('Bad URL.');
    expect(firstMessage(url, 'javascript:alert(1)')).toBe('Bad URL.');
    expect(firstMessage(url, '<script>alert(1)</script>')).toBe('Bad URL.');
  });
});

describe('quoting a value in a message', () => {
  it('cuts long values and shows invisible controls as escapes', () => {
    expect(quoteForMessage(HUGE)).toBe(`${'a'.repeat(40)}…`);
    expect(quoteForMessage('a\u0000b\u202ec')).toBe('a\\u0000b\\u202ec');
    expect(quoteForMessage('short')).toBe('short');
  });
});
