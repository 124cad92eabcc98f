/**
 * The Details tab's form (docs/videos.md, "The pages' rules and texts"): description (at most 1000), instructor, tags,
 * series and episode (1 to 20). The form holds text as inputs do; the schema turns it into the updateVideo data,
 * checked by the same rules the server applies (core/videos.ts).
 */
import { VIDEO_MESSAGES, videoUpdateSchema } from '@core/videos';
import { z } from 'zod';

const optionalId = z.string().transform((id) => id || null);

export const detailsFormSchema = z
  .object({
    // An emptied description is cleared (null); the server refuses blank text.
    description: z
      .string()
      .transform((text) => (text.trim() ? text : null))
      .pipe(videoUpdateSchema.shape.description.unwrap().unwrap().nullable()),
    tags: videoUpdateSchema.shape.tags.unwrap(),
    instructorId: optionalId,
    seriesId: optionalId,
    episode: z
      .string()
      .transform((text) => (text.trim() === '' ? null : Number(text)))
      .pipe(videoUpdateSchema.shape.episode.unwrap().unwrap().nullable()),
  })
  .refine((details) => details.episode === null || details.seriesId !== null, { message: VIDEO_MESSAGES.episodeNeedsSeries, path: ['episode'] });
export type DetailsFormInput = z.input<typeof detailsFormSchema>;
export type DetailsFormOutput = z.output<typeof detailsFormSchema>;

export const DETAILS_UPDATED = 'Details were updated successfully!';

/** The form's values for a video as it is stored. */
export function detailsFormValues(video: {
  description: string | null;
  tags: readonly string[];
  instructorId: string | null;
  seriesId: string | null;
  episode: number | null;
}): DetailsFormInput {
  return {
    description: video.description ?? '',
    tags: [...video.tags],
    instructorId: video.instructorId ?? '',
    seriesId: video.seriesId ?? '',
    episode: video.episode === null ? '' : String(video.episode),
  };
}

/** A tag as typed, added to the list: trimmed, once (any case), nothing for blank text. */
export function withTag(tags: readonly string[], typed: string): string[] {
  const tag = typed.trim();
  if (!tag || tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

/** The fields whose value differs from the stored ones (updateVideo refuses a change of nothing). */
export function changedDetails(stored: DetailsFormOutput, edited: DetailsFormOutput): Partial<DetailsFormOutput> {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return Object.fromEntries(Object.entries(edited).filter(([field, value]) => !same(value, stored[field as keyof DetailsFormOutput])));
}
