import { filterAndSortTeams, type TeamRow } from './team-sort';

const rows: TeamRow[] = [
  { id: 'a', name: 'night owls', fgScore: 71, dateJoined: '2026-03-01T00:00:00.000Z', noOfMembers: 6 },
  { id: 'b', name: 'Iron Wolves', fgScore: null, dateJoined: '2026-01-15T00:00:00.000Z', noOfMembers: 3 },
  { id: 'c', name: 'Aim Lab', fgScore: 58, dateJoined: '2026-05-20T00:00:00.000Z', noOfMembers: null },
];

const ids = (options: Parameters<typeof filterAndSortTeams>[1]) => filterAndSortTeams(rows, options).map((row) => row.id);

describe('filterAndSortTeams', () => {
  it('orders names without regard to case, ascending and descending', () => {
    expect(ids({ search: '', field: 'name', direction: 'asc' })).toEqual(['c', 'b', 'a']);
    expect(ids({ search: '', field: 'name', direction: 'desc' })).toEqual(['a', 'b', 'c']);
  });

  it('orders by score, members and date joined, keeping teams without a value last in both directions', () => {
    expect(ids({ search: '', field: 'fgScore', direction: 'asc' })).toEqual(['c', 'a', 'b']);
    expect(ids({ search: '', field: 'fgScore', direction: 'desc' })).toEqual(['a', 'c', 'b']);
    expect(ids({ search: '', field: 'noOfMembers', direction: 'desc' })).toEqual(['a', 'b', 'c']);
    expect(ids({ search: '', field: 'dateJoined', direction: 'asc' })).toEqual(['b', 'a', 'c']);
  });

  it('keeps the teams whose name contains the search, in any case', () => {
    expect(ids({ search: '  OWL ', field: 'name', direction: 'asc' })).toEqual(['a']);
    expect(ids({ search: 'zzz', field: 'name', direction: 'asc' })).toEqual([]);
  });
});
