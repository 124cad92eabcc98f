/** The coach portal's filter and sort bar (docs/product.md, "Signed-in routes"): team sort fields and directions. */
export const TEAM_SORT_FIELDS = ['name', 'fgScore', 'dateJoined', 'noOfMembers'] as const;
export type TeamSortField = (typeof TEAM_SORT_FIELDS)[number];
export type SortDirection = 'asc' | 'desc';

export const TEAM_SORT_LABELS: Record<TeamSortField, string> = {
  name: 'Name',
  fgScore: 'FG Score',
  dateJoined: 'Date joined',
  noOfMembers: 'Members',
};

/** A team as the coach portal lists it; a value still loading (or absent) is null. */
export interface TeamRow {
  id: string;
  name: string;
  fgScore: number | null;
  /** ISO date-time. */
  dateJoined: string;
  noOfMembers: number | null;
}

interface TeamListOptions {
  search: string;
  field: TeamSortField;
  direction: SortDirection;
}

const compareValues = (a: string | number, b: string | number) =>
  typeof a === 'string' && typeof b === 'string' ? a.localeCompare(b, undefined, { sensitivity: 'base' }) : Number(a) - Number(b);

/**
 * The teams whose name contains the search (any case), ordered by the field in the direction; teams without a
 * value for the field (no score yet) come last either way, and ties keep name order.
 */
export function filterAndSortTeams<T extends TeamRow>(rows: readonly T[], { search, field, direction }: TeamListOptions): T[] {
  const term = search.trim().toLowerCase();
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .filter((row) => row.name.toLowerCase().includes(term))
    .sort((a, b) => {
      const left = a[field];
      const right = b[field];
      if (left === null || right === null) {
        if (left !== right) return left === null ? 1 : -1;
      } else {
        const order = compareValues(left, right);
        if (order !== 0) return sign * order;
      }
      return compareValues(a.name, b.name);
    });
}
