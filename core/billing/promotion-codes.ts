/**
 * The codes of a promotion CSV (docs/billing.md, promotions): one code per row in the first column, an optional
 * header row (`code`, `codes`, `coupon`, `promotion code`), other columns ignored. Parsed with papaparse; the file is
 * refused, with a message naming the problem, when it is not CSV text, has no codes, has an invalid or duplicate code
 * (case-insensitive: codes are stored upper-cased), or has more than PROMOTION_MAX_CODES codes.
 */
import Papa from 'papaparse';
import { PROMOTION_CODE_PATTERN, PROMOTION_MAX_CODES } from './admin-validation';

const HEADERS = ['code', 'codes', 'coupon', 'promotion code'];

type PromotionCodesResult = { codes: string[] } | { error: string };

export function parsePromotionCodes(text: string): PromotionCodesResult {
  // A NUL or a replacement character (bytes that are not UTF-8) says this is not a text file.
  if (text.includes('\u0000') || text.includes('\uFFFD')) return { error: 'The file is not a CSV text file.' };
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), { skipEmptyLines: 'greedy', newline: '\n' });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) return { error: `The file is not valid CSV: ${broken.message} (row ${(broken.row ?? 0) + 1}).` };
  const rows = parsed.data.map((row, index) => ({ row: index + 1, code: (row[0] ?? '').trim() }));
  const body = rows.length > 0 && HEADERS.includes(rows[0].code.toLowerCase()) ? rows.slice(1) : rows;
  const withCode = body.filter(({ code }) => code !== '');
  if (withCode.length === 0) return { error: 'The file is empty: it has no codes.' };
  if (withCode.length > PROMOTION_MAX_CODES)
    return { error: `The file has ${withCode.length} codes; a promotion takes at most ${PROMOTION_MAX_CODES}.` };
  const invalid = withCode.find(({ code }) => !PROMOTION_CODE_PATTERN.test(code));
  if (invalid) return { error: `Row ${invalid.row}: "${invalid.code.slice(0, 40)}" is not a valid code (3 to 64 letters, digits, - or _).` };
  const firstRow = new Map<string, number>();
  for (const { row, code } of withCode) {
    const key = code.toUpperCase();
    const earlier = firstRow.get(key);
    if (earlier !== undefined) return { error: `The file has duplicate codes: ${key} (rows ${earlier} and ${row}).` };
    firstRow.set(key, row);
  }
  return { codes: [...firstRow.keys()] };
}
