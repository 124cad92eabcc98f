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
  /** A further rule run after the character checks: the message to refuse the text with, or false (fields.ts's noLinks). */
  refuse?: (text: string) => string | false;
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
  refuse,
  trim = true,
  allowBlank,
}: TextOptions) {
  const unsafeMessage = unsafe ?? `${label} must not contain control characters, direction overrides or broken characters.`;
  const rules = z.superRefine<string>((text, ctx) => {
    const problem = unsafeTextProblem(text, { multiline });
    const message =
      problem === 'blank' ? !allowBlank && required : problem ? unsafeMessage : (noMarkup && /[<>]/.test(text) && noMarkup) || refuse?.(text);
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
