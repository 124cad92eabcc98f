/**
 * Bounded building blocks for every argument the API takes, shared by the Lambdas and the web forms.
 * Each field checks its length first and stops there, so a 100 KB value costs one comparison and no other rule
 * (or message) ever sees it.
 */
import { z } from 'zod';
import { looksLikeLink } from './link-rules';
import { emailChecks, safeTextChecks, type TextOptions } from './text-rules';

export { MAX_EMAIL_LENGTH, MAX_QUOTED_LENGTH, quoteForMessage } from './text-rules';

/** Cognito subs and team ids are UUIDs; 128 leaves room for other id shapes and stays far below DynamoDB's key limit. */
export const MAX_ID_LENGTH = 128;
/** Cognito's tokens are 1-2 KB; 8 KB leaves room for many groups and stays far below what Cognito accepts. */
export const MAX_TOKEN_LENGTH = 8192;
export const MAX_URL_LENGTH = 2048;
/** The longest IANA zone name is 32 characters (America/Argentina/ComodRivadavia). */
export const MAX_TIME_ZONE_LENGTH = 64;
/** Question slugs are the questionnaire's own short names. */
export const MAX_QUESTION_SLUG_LENGTH = 64;
/** An answer's value: option values separated by commas, far below this. */
export const MAX_ANSWER_VALUE_LENGTH = 1000;

interface SafeTextOptions extends Omit<TextOptions, 'refuse'> {
  /** Refuse web addresses, domains, IP and e-mail addresses (looksLikeLink), for names shown in e-mails. */
  noLinks?: string;
}

/**
 * Text that is safe to store and show: at most `max` characters, not blank (whitespace or zero-width only), and
 * free of control characters, bidi overrides and lone surrogates.
 */
export const safeText = ({ noLinks, ...options }: SafeTextOptions) =>
  z
    .string({ error: options.required })
    .check(...safeTextChecks({ ...options, refuse: noLinks ? (text) => looksLikeLink(text) && noLinks : undefined }));

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
  z.string({ error: message }).trim().min(1, { message, abort: true }).max(max, { message, abort: true }).regex(TOKEN_PATTERN, message);

/** An e-mail address: trimmed, at most 254 characters, lower-cased (keys and claims use the lower-cased form). */
export const emailAddress = (messages: { required: string; invalid: string }) =>
  z.string({ error: messages.required }).check(...emailChecks(messages));

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
