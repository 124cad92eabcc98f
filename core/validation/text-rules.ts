/**
 * The text rules of every text argument and form field, as zod checks that fit both zod builds: core/validation/fields.ts
 * puts them on zod's full schemas (the Lambdas, most forms) and the sign-in form on zod/mini's (core/auth/login.ts),
 * so the first page the browser loads does not carry the full zod (about 15 KB gzipped). Imports zod/mini only.
 */
import * as z from 'zod/mini';

/** RFC 5321's limit for a forward path. */
export const MAX_EMAIL_LENGTH = 254;
/** How much of a caller's value an error message may quote. */
export const MAX_QUOTED_LENGTH = 40;

/** Characters no text field stores: C0 and C1 controls (NUL among them) and DEL; `multiline` allows tab and line breaks. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make text read differently than it is stored. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** A surrogate half without its partner: not a character, and not valid UTF-8 once stored. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Whitespace and the invisible characters that look like nothing on screen. */
const INVISIBLE = /[\s\u200b-\u200d\u2060\ufeff\u180e\u00ad]/gu;

/** A dot, a look-alike (`。．｡․﹒`; NFKC folds all but the ideographic one to `.`) or a written-out one (`[.]`, `(dot)`). */
const DOT = '(?:[.\\u3002\\uff0e\\uff61\\u2024\\ufe52]|\\s*[[({]\\s*(?:\\.|dot)\\s*[\\])}]\\s*)';
/** One part of a dotted IPv4 address, 0 to 255, and the whole address: four parts, no digit or dotted number around. */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `(?<![\\p{N}.])(?:${OCTET}${DOT}){3}${OCTET}(?!\\p{N}|${DOT}\\p{N})`;
/** An IPv6 address: 8 groups, or `::` with two or more groups; no hex digit around. */
const HEX = '[0-9a-f]{1,4}';
const IPV6 = `(?<![0-9a-f])(?:(?:${HEX}:){7}${HEX}|${HEX}(?::${HEX})*::${HEX}(?::${HEX})*|${HEX}(?::${HEX})+::|::${HEX}(?::${HEX})+)(?![0-9a-f])`;

/**
 * A scheme (`https://`, `mailto:`), `www.`, a dot or look-alike dot (`。．｡․﹒`, `[.]`, `(dot)`) between a word and 2+
 * letters, or an IP address: dotted IPv4 (`203.0.113.9`) or IPv6 with 8 groups or `::` and two or more groups.
 */
const LINK_LIKE = [
  /[a-z][a-z0-9+.-]*:\/\//i,
  /\b(?:https?|mailto):/i,
  /\bwww\s*[.\u3002\uff0e\uff61\u2024\ufe52\u00b7]/i,
  /[\p{L}\p{N}_-][.\u3002\uff0e\uff61\u2024\ufe52\u2027\u0701\u0702\u2e33\u2e31][\p{L}\p{N}-]*\p{L}{2}/u,
  /[\p{L}\p{N}]\s*(?:\[\s*(?:\.|dot)\s*\]|\(\s*(?:\.|dot)\s*\)|\{\s*(?:\.|dot)\s*\})\s*\p{L}{2}/iu,
  new RegExp(IPV4, 'iu'),
  new RegExp(IPV6, 'iu'),
];

/**
 * Format characters and the other default-ignorable ones (zero-width space and joiners, word joiner, soft hyphen,
 * direction marks, variation selectors, …): nothing on screen, so a reader sees `evil\u200b.com` as `evil.com`.
 */
const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** The text as a reader sees it: without ignorable characters, and NFKC-folded (`⒈` reads `1.`, `ｅｖｉｌ` reads `evil`). */
const asRead = (text: string): string => text.replace(IGNORABLE, '').normalize('NFKC').replace(IGNORABLE, '');

/**
 * Whether a name reads like a web address, a domain, an IP address or an e-mail address (also with look-alike dots,
 * invisible characters inside or compatibility forms): names shown in e-mails must not carry a link a reader could
 * follow. "J.R. Smith", "Dr. Who" and "Team 2.0" pass (one letter after a dot, a space, or not four numbers).
 */
export const looksLikeLink = (text: string): boolean => {
  const read = asRead(text);
  return LINK_LIKE.some((pattern) => pattern.test(read));
};

type UnsafeTextProblem = 'control' | 'bidi' | 'surrogate' | 'blank';

/** Why text may not be stored as typed, or null when it may. */
function unsafeTextProblem(text: string, { multiline = false } = {}): UnsafeTextProblem | null {
  if ((multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(text)) return 'control';
  if (BIDI_CONTROL.test(text)) return 'bidi';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  if (text.replace(INVISIBLE, '') === '') return 'blank';
  return null;
}

const INVISIBLE_OR_BROKEN = new RegExp(`${CONTROL.source}|${BIDI_CONTROL.source}|${LONE_SURROGATE.source}`, 'g');

/** A caller's value as an error message may quote it: cut, with controls and bidi marks shown as escapes. */
export function quoteForMessage(value: string, max = MAX_QUOTED_LENGTH): string {
  const cut = value.length > max ? `${value.slice(0, max)}…` : value;
  return cut.replace(INVISIBLE_OR_BROKEN, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface TextOptions {
  /** Said when the value is missing, empty, blank or not a string. */
  required: string;
  max: number;
  tooLong: string;
  /** Said when the text holds characters no field stores; defaults to a message naming `label`. */
  unsafe?: string;
  label?: string;
  multiline?: boolean;
  /** Refuse `<` and `>`, for names that are shown inside other text (e-mails, invites). */
  noMarkup?: string;
  /** Refuse web addresses, domains and e-mails (looksLikeLink), for names shown in e-mails. */
  noLinks?: string;
  /** Trim surrounding whitespace before the checks. */
  trim?: boolean;
  /** Let empty or blank text through, for fields whose own rule words that case better. */
  allowBlank?: boolean;
}

/**
 * The checks of safe text (see `safeText` in fields.ts): trimmed unless `trim: false`, at most `max` characters (checked
 * first, and the end of it), then not blank and free of control characters, bidi overrides and lone surrogates.
 */
export function safeTextChecks({
  required,
  max,
  tooLong,
  unsafe,
  label = 'This field',
  multiline,
  noMarkup,
  noLinks,
  trim = true,
  allowBlank,
}: TextOptions) {
  const unsafeMessage = unsafe ?? `${label} must not contain control characters, direction overrides or broken characters.`;
  const rules = z.superRefine<string>((text, ctx) => {
    const problem = unsafeTextProblem(text, { multiline });
    const message =
      problem === 'blank'
        ? !allowBlank && required
        : problem
          ? unsafeMessage
          : (noMarkup && /[<>]/.test(text) && noMarkup) || (noLinks && looksLikeLink(text) && noLinks);
    if (message) ctx.addIssue({ code: 'custom', message, abort: true });
  });
  const bounded = [z.maxLength(max, { message: tooLong, abort: true }), rules];
  return trim ? [z.trim(), ...bounded] : bounded;
}

/** The checks of an e-mail address: trimmed, present, at most 254 characters, an address, lower-cased (keys and claims use that form). */
export function emailChecks({ required, invalid }: { required: string; invalid: string }) {
  return [
    z.trim(),
    z.minLength(1, { message: required, abort: true }),
    z.maxLength(MAX_EMAIL_LENGTH, { message: invalid, abort: true }),
    z.email(invalid),
    z.toLowerCase(),
  ];
}
