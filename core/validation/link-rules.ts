/**
 * Whether text reads like a link, for names shown in e-mails (fields.ts's `noLinks`). Apart from text-rules.ts so the
 * sign-in page, which checks no names, does not load these patterns (docs/performance.md, "Page weight").
 */

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
