import type { ViewerTeams } from '@/lib/viewer';
import { teamToStartIn } from './start-team';

const team = (id: string) => ({ id, name: id, avatar: null, createdAt: '2026-01-01T00:00:00.000Z' });
const teams = (coached: string[], owned: string[] = []): ViewerTeams => ({ owned: owned.map(team), coached: coached.map(team), member: [] });

describe('the team a coach starts the day in', () => {
  it('is the team he last entered while he still coaches it', () => {
    expect(teamToStartIn(teams(['owls', 'wolves']), 'wolves')?.id).toBe('wolves');
  });

  it('is his only team when none was entered, or the one entered is no longer his', () => {
    expect(teamToStartIn(teams(['owls']), null)?.id).toBe('owls');
    expect(teamToStartIn(teams(['owls']), 'gone')?.id).toBe('owls');
  });

  it('is none with several teams and none entered, or with no team: the Coach Portal opens', () => {
    expect(teamToStartIn(teams(['owls', 'wolves']), null)).toBeNull();
    expect(teamToStartIn(teams(['owls', 'wolves']), 'gone')).toBeNull();
    expect(teamToStartIn(teams([]), null)).toBeNull();
  });
});
