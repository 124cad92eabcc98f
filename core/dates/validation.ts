// The zod schemas of days and zones, apart from core/dates so that pages which only format dates load no zod.
import { z } from 'zod';
import { canonicalTimeZone, isScoreDay, isValidTimeZone, MAX_TIME_ZONE_LENGTH } from './';

export const scoreDaySchema = z.string().refine(isScoreDay, { message: 'Use a real date in the form YYYY-MM-DD.' });

/** An IANA zone, given back in its canonical spelling so that spellings of one zone compare equal. */
export const timeZoneSchema = z
  .string()
  .max(MAX_TIME_ZONE_LENGTH, { message: 'Use an IANA time zone such as Europe/Berlin.' })
  .refine(isValidTimeZone, { message: 'Use an IANA time zone such as Europe/Berlin.' })
  .transform((timeZone) => canonicalTimeZone(timeZone) as string);
