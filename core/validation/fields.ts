/**
 * Bounded building blocks for every argument the API takes, shared by the Lambdas and the web forms.
 * Each field checks its length first and stops there, so a 100 KB value costs one comparison and no other rule
 * (or message) ever sees it.
 */
import { z } from 'zod';

/** Cognito subs and team ids are UUIDs; 128 leaves room for other id shapes and stays far below DynamoDB's key limit. */
export const MAX_ID_LENGTH = 128;
/** Cognito's tokens are 1-2 KB; 8 KB leaves room for many groups and stays far below what Cognito accepts. */
export const MAX_TOKEN_LENGTH = 8192;
/** RFC 5321's limit for a forward path. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_URL_LENGTH = 2048;
/** The longest IANA zone name is 32 characters (America/Argentina/ComodRivadavia). */
export const MAX_TIME_ZONE_LENGTH = 64;
/** Question slugs are the questionnaire's own short names. */
export const MAX_QUESTION_SLUG_LENGTH = 64;
/** An answer's value: option values separated by commas, far below this. */
export const MAX_ANSWER_VALUE_LENGTH = 1000;
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

export type UnsafeTextProblem = 'control' | 'bidi' | 'surrogate' | 'blank';

/** Why text may not be stored as typed, or null when it may. */
export function unsafeTextProblem(text: string, { multiline = false } = {}): UnsafeTextProblem | null {
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

interface TextOptions {
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
  /** Trim surrounding whitespace before the checks. */
  trim?: boolean;
  /** Let empty or blank text through, for fields whose own rule words that case better. */
  allowBlank?: boolean;
}

/**
 * Text that is safe to store and show: at most `max` characters, not blank (whitespace or zero-width only), and
 * free of control characters, bidi overrides and lone surrogates.
 */
export function safeText({ required, max, tooLong, unsafe, label = 'This field', multiline, noMarkup, trim = true, allowBlank }: TextOptions) {
  const unsafeMessage = unsafe ?? `${label} must not contain control characters, direction overrides or broken characters.`;
  const string = z.string({ error: required });
  return (trim ? string.trim() : string).max(max, { message: tooLong, abort: true }).superRefine((text, ctx) => {
    const problem = unsafeTextProblem(text, { multiline });
    const message =
      problem === 'blank'
        ? !allowBlank && required
        : problem
          ? unsafeMessage
          : noMarkup && /[<>]/.test(text) && noMarkup;
    if (message) ctx.addIssue({ code: 'custom', message, abort: true });
  });
}

const ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/** An id as the API hands them out (UUIDs today): letters, digits and `- _ . :`, at most MAX_ID_LENGTH characters. */
export const boundedId = (name: string) =>
  z
    .string({ error: `${name} must be an id.` })
    .min(1, { message: `${name} must not be empty.`, abort: true })
    .max(MAX_ID_LENGTH, { message: `${name} must be at most ${MAX_ID_LENGTH} characters.`, abort: true })
    .regex(ID_PATTERN, `${name} must be an id (letters, digits, -, _, . or :).`);

/** JWT and JWE characters (base64url, standard base64 and dots). */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]+$/;

/** A token (JWT, refresh token, OAuth code): printable token characters only, at most MAX_TOKEN_LENGTH. */
export const boundedToken = (message: string, max = MAX_TOKEN_LENGTH) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .max(max, { message, abort: true })
    .regex(TOKEN_PATTERN, message);

/** An e-mail address: trimmed, at most 254 characters, lower-cased (keys and claims use the lower-cased form). */
export const emailAddress = ({ required, invalid }: { required: string; invalid: string }) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .max(MAX_EMAIL_LENGTH, { message: invalid, abort: true })
    .pipe(z.email(invalid))
    .transform((email) => email.toLowerCase());

/** A whole number within [min, max]. */
export const boundedInt = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(min, `${name} must be at least ${min}.`)
    .max(max, `${name} must be at most ${max}.`);

/** An absolute http(s) URL of at most MAX_URL_LENGTH characters. */
export const boundedUrl = (message: string) =>
  z
    .string({ error: message })
    .max(MAX_URL_LENGTH, { message, abort: true })
    .pipe(z.url({ protocol: /^https?$/, error: message }));
