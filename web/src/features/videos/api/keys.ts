/**
 * The content pages' one query-key factory: everything sits under `videoKeys.all`, so a change invalidates all it
 * touches (the vault, the editor's video, the tags offered, the instructors and series).
 */
export const videoKeys = {
  all: ['videos'] as const,
  /** Every page of every search of the vault: a change of a video's state reloads them from their first page. */
  lists: () => [...videoKeys.all, 'list'] as const,
  list: (search: string) => [...videoKeys.lists(), search] as const,
  detail: (id: string) => [...videoKeys.all, 'one', id] as const,
  tags: () => [...videoKeys.all, 'tags'] as const,
  instructorsAndSeries: () => [...videoKeys.all, 'instructors-and-series'] as const,
};
