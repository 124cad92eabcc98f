import fc from 'fast-check';
import {
  COMMENT_MESSAGES,
  commentRecipients,
  commentContentSchema,
  createCommentArgsSchema,
  MAX_COMMENT_LENGTH,
  MAX_COMMENT_RAW_LENGTH,
  pillarPullingReadinessDown,
  textLength,
  withoutMarkup,
} from './journal';
import { PILLAR_SLUGS, type PillarSlug } from './pillars';

/** Text that holds no `<`, so no markup: its length is its code points. */
const plainText = fc.string({ unit: 'grapheme-composite', maxLength: 60 }).map((text) => text.replace(/[<>]/g, ''));
const tag = fc.constantFrom(
  '<b>',
  '</b>',
  '<p>',
  '</p>',
  '<br/>',
  '<a href="https://example.com">',
  '</a>',
  '<img src=x onerror=alert(1)>',
  '<!-- note -->',
);

describe('text length without markup (docs/journal.md, Comments)', () => {
  it('counts the characters of text without markup, an emoji once', () => {
    fc.assert(fc.property(plainText, (text) => textLength(text) === [...text].length));
    expect(textLength('👍🏽 ok')).toBe([...'👍🏽 ok'].length);
  });

  it('is not changed by markup tags put anywhere in the text', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(plainText, tag), { maxLength: 8 }), plainText, (pieces, tail) => {
        const plain = pieces.map(([text]) => text).join('') + tail;
        const marked = pieces.map(([text, markup]) => text + markup).join('') + tail;
        return textLength(marked) === textLength(plain) && withoutMarkup(marked) === plain;
      }),
    );
  });

  it('keeps a lone < or > as text', () => {
    expect(textLength('3 < 4 > 2')).toBe(9);
  });
});

describe('comment content', () => {
  const parse = (content: string) => commentContentSchema.safeParse(content);
  const messageOf = (content: string) => parse(content).error?.issues[0]?.message;

  it(`accepts ${MAX_COMMENT_LENGTH} characters plus markup tags and refuses one more character`, () => {
    const text = 'a'.repeat(MAX_COMMENT_LENGTH);
    expect(parse(`<p><b>${text.slice(0, 10)}</b>${text.slice(10)}</p>`).success).toBe(true);
    expect(messageOf(`<p>${text}b</p>`)).toBe(COMMENT_MESSAGES.tooLong);
    expect(messageOf(`${text}b`)).toBe(COMMENT_MESSAGES.tooLong);
  });

  it('refuses empty comments, also when only markup or blanks are left', () => {
    for (const empty of ['', '   ', '<p></p>', '<p> </p><br/>']) expect(messageOf(empty)).toBe(COMMENT_MESSAGES.required);
  });

  it('bounds the stored text, markup included', () => {
    expect(messageOf(`x${'<b></b>'.repeat(MAX_COMMENT_RAW_LENGTH / 7 + 1)}`)).toBe(COMMENT_MESSAGES.tooLongRaw);
  });

  it('keeps the text as typed, line breaks included', () => {
    expect(parse('Good sleep!\nKeep it <up>').data).toBe('Good sleep!\nKeep it <up>');
  });
});

describe('createComment arguments', () => {
  const valid = { teamId: 't1', userId: 'u1', date: '2026-11-20', pillarSlug: 'sleep', questionSlug: 'sleep-quality', content: 'Nice' };

  it('needs a question of the pillar named', () => {
    expect(createCommentArgsSchema.safeParse(valid).success).toBe(true);
    expect(createCommentArgsSchema.safeParse({ ...valid, pillarSlug: 'mental' }).error?.issues[0]?.message).toBe(
      'questionSlug must be a question of that pillar.',
    );
    expect(createCommentArgsSchema.safeParse({ ...valid, date: '2026-02-30' }).success).toBe(false);
  });
});

describe('the pillar that pulled game readiness down', () => {
  const pillarsWith = (scores: Partial<Record<PillarSlug, number | null>>) =>
    Object.fromEntries(PILLAR_SLUGS.map((slug) => [slug, { score: scores[slug] === undefined ? 100 : scores[slug] }])) as Record<
      PillarSlug,
      { score: number | null }
    >;

  it('weighs each shortfall by the readiness weight', () => {
    // sleep weighs 30, nutrition 10: 30 points short on sleep pull harder than 60 on nutrition (900 > 600).
    expect(pillarPullingReadinessDown(pillarsWith({ sleep: 70, nutrition: 40 }))).toBe('sleep');
    expect(pillarPullingReadinessDown(pillarsWith({ physical: 10, mental: 80 }))).toBe('physical');
  });

  it('counts an unanswered pillar as 0', () => {
    expect(pillarPullingReadinessDown(pillarsWith({ mental: null, sleep: 5 }))).toBe('mental');
  });
});

describe('whom a comment concerns', () => {
  it('is the gamer, the director and the coaches, once each, never the author', () => {
    expect(commentRecipients({ gamerId: 'g', ownerId: 'd', coachIds: ['c1', 'c2'], authorId: 'c1' })).toEqual(['g', 'd', 'c2']);
    expect(commentRecipients({ gamerId: 'g', ownerId: 'd', coachIds: ['c1'], authorId: 'g' })).toEqual(['d', 'c1']);
    expect(commentRecipients({ gamerId: 'g', ownerId: 'd', coachIds: ['d'], authorId: 'x' })).toEqual(['g', 'd']);
  });
});
