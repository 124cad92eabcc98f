import { z } from 'zod';
import { ANYONE, type FieldPolicy, OWN_DATA, TEAM_OWNER } from '@core/policy';
import { logger, type ResolverEvent } from './appsync';
import type { RelationStores } from './authorization-relations';
import { errorTypeOf } from './errors';
import { createFieldHandler, field } from './fields';
import type { TeamRecord } from './stores/team-store';
import { userRecord } from './stores/test-support/records';

// The relation lookups stand in for the team store here; tests/integration/authorization-matrix.test.ts runs every
// declared field against DynamoDB Local.
const team: TeamRecord = {
  id: 'team-1',
  name: 'Owls',
  description: '',
  game: 'Valorant',
  avatar: '',
  ownerId: 'director-1',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const teams: RelationStores = {
  get: async (teamId) => (teamId === team.id ? team : null),
  getMembership: async () => null,
  membershipsOfUser: async () => [],
};

const SELF_ONLY: FieldPolicy = { public: false, users: 'all', subject: { kind: 'user', argument: 'userId', relations: ['self'] } };
const SELF_IN_WHERE: FieldPolicy = { ...SELF_ONLY, subject: { kind: 'user', argument: 'where.id', relations: ['self'] } };
const OPTIONAL_TEAM: FieldPolicy = { ...TEAM_OWNER, refusal: 'Only the owner.' };

// Each read of a profile is told apart by its number.
let profileReads = 0;
const users = { get: async (id: string) => userRecord(id, { fullName: `${id} (read ${(profileReads += 1)})` }) };

const resolved: unknown[] = [];
const handler = createFieldHandler(
  {
    'Mutation.renameTeam': field({
      policy: TEAM_OWNER,
      args: z.object({ teamId: z.string(), name: z.string().min(2, 'The name is too short.') }),
      resolve: async ({ team: subject, args, fieldName }) => {
        resolved.push(fieldName);
        return `${subject.name} -> ${args.name}`;
      },
    }),
    'Query.profile': field({ policy: SELF_ONLY, resolve: async ({ userId }) => userId }),
    'Mutation.editProfile': field({ policy: SELF_IN_WHERE, resolve: async ({ userId }) => userId }),
    'Query.avatar': field({ policy: OPTIONAL_TEAM, resolve: async ({ teamIfGiven, caller }) => teamIfGiven?.name ?? caller.sub }),
    'Query.hello': field({ policy: ANYONE, resolve: async ({ callerOrNull }) => callerOrNull?.sub ?? 'stranger' }),
    'Query.names': field({
      policy: OWN_DATA,
      readsCallerProfile: true,
      resolve: async ({ caller, withCallerProfile }) => {
        const reading = withCallerProfile(users);
        const names = [await reading.get(caller.sub), await reading.get(caller.sub), await reading.get('someone-else')];
        return names.map((user) => user?.fullName);
      },
    }),
  },
  { teams, signOuts: null, users },
);

const call = (name: string, args: Record<string, unknown>, sub: string | null, groups: string[] = ['DIRECTOR']) => {
  const [parentTypeName, fieldName] = name.split('.');
  const identity = sub ? { sub, groups, claims: {} } : null;
  return handler({ info: { parentTypeName, fieldName }, arguments: args, identity } as unknown as ResolverEvent).catch((error: unknown) => ({
    refused: errorTypeOf(error),
    message: (error as Error).message,
  }));
};

beforeAll(() => jest.spyOn(logger, 'warn').mockImplementation(() => undefined));
beforeEach(() => {
  resolved.length = 0;
  profileReads = 0;
});

describe('createFieldHandler', () => {
  it("resolves a team field for its owner with the parsed arguments, the team and the field's name", async () => {
    expect(await call('Mutation.renameTeam', { teamId: 'team-1', name: 'Night Owls' }, 'director-1')).toBe('Owls -> Night Owls');
    expect(resolved).toEqual(['renameTeam']);
  });

  it("refuses another director with the row's refusal before the resolver runs", async () => {
    expect(await call('Mutation.renameTeam', { teamId: 'team-1', name: 'Night Owls' }, 'director-2')).toEqual({
      refused: 'Unauthorized',
      message: "Only the team's director can do this.",
    });
    expect(resolved).toEqual([]);
  });

  it("refuses bad arguments with the schema's message and resolves nothing", async () => {
    expect(await call('Mutation.renameTeam', { teamId: 'team-1', name: 'N' }, 'director-1')).toEqual({
      refused: 'ValidationError',
      message: 'The name is too short.',
    });
    expect(resolved).toEqual([]);
  });

  it('refuses a signed-out caller of a field that is not public', async () => {
    expect(await call('Mutation.renameTeam', { teamId: 'team-1', name: 'Night Owls' }, null)).toMatchObject({ refused: 'Unauthorized' });
  });

  it("gives a user field the caller when the argument is left out, and refuses someone else's", async () => {
    expect(await call('Query.profile', {}, 'gamer-1')).toBe('gamer-1');
    expect(await call('Query.profile', { userId: 'gamer-2' }, 'gamer-1')).toMatchObject({ refused: 'Unauthorized' });
  });

  it('finds a subject named inside an input object', async () => {
    expect(await call('Mutation.editProfile', { where: { id: 'gamer-1' } }, 'gamer-1')).toBe('gamer-1');
    expect(await call('Mutation.editProfile', { where: { id: 'gamer-2' } }, 'gamer-1')).toMatchObject({ refused: 'Unauthorized' });
  });

  it('checks a team only when its argument is given', async () => {
    expect(await call('Query.avatar', {}, 'gamer-1')).toBe('gamer-1');
    expect(await call('Query.avatar', { teamId: 'team-1' }, 'director-1')).toBe('Owls');
    expect(await call('Query.avatar', { teamId: 'team-1' }, 'gamer-1')).toEqual({ refused: 'Unauthorized', message: 'Only the owner.' });
  });

  it('serves a public field signed out', async () => {
    expect(await call('Query.hello', {}, null)).toBe('stranger');
  });

  it("answers a resolver's first read of the caller's profile from the call's first reads, and reads again after it", async () => {
    expect(await call('Query.names', {}, 'gamer-1')).toEqual(['gamer-1 (read 1)', 'gamer-1 (read 2)', 'someone-else (read 3)']);
  });

  it("reads no profile for a field that does not declare it reads the caller's", async () => {
    await call('Query.profile', {}, 'gamer-1');
    expect(profileReads).toBe(0);
  });

  it('lists its declarations, the fields it serves', () => {
    expect(handler.fields).toEqual(['Mutation.renameTeam', 'Query.profile', 'Mutation.editProfile', 'Query.avatar', 'Query.hello', 'Query.names']);
  });
});
