import { listMembers, mayManageMember, relationsManaging, seatsFullMessage, teamCodeField, teamFormSchema, type ListedMember } from './';

const member = (fullName: string | null, email: string, role: 'GAMER' | 'COACH' = 'GAMER', joinedAt = '2026-01-01'): ListedMember => ({
  userId: email,
  fullName,
  email,
  role,
  joinedAt,
});

describe('team form', () => {
  const valid = { name: 'Night Owls', description: 'Varsity roster' };

  it('takes name and description, and defaults game and avatar to empty strings', () => {
    expect(teamFormSchema.parse(valid)).toEqual({ ...valid, game: '', avatar: '' });
  });

  it.each([
    [{ ...valid, name: 'N' }, 'Name must be 2 to 20 characters.'],
    [{ ...valid, name: 'x'.repeat(21) }, 'Name must be 2 to 20 characters.'],
    [{ ...valid, name: '   ' }, 'A Name is required.'],
    [{ ...valid, description: 'x'.repeat(1001) }, 'Description should be less than 1000 characters.'],
    [{ ...valid, description: 'x' }, 'Description must be at least 2 characters.'],
    [{ ...valid, game: 'Chess' }, expect.stringContaining('Game must be one of: Apex Legends')],
    [{ ...valid, name: 'Owls\u202e' }, 'Name must not contain control characters, direction overrides or broken characters.'],
  ])('refuses %j with its message', (input, message) => {
    const result = teamFormSchema.safeParse(input);
    expect(result.success ? null : result.error.issues[0]?.message).toEqual(message);
  });

  it('accepts every game of the spec list, and a 1000-character description', () => {
    expect(teamFormSchema.parse({ ...valid, game: 'Rainbow Six: Siege', description: 'x'.repeat(1000) }).game).toBe('Rainbow Six: Siege');
  });
});

describe('who may invite or remove whom (management map)', () => {
  it('lets the owner and admins manage gamers and coaches, a coach only gamers, a member nobody', () => {
    expect([mayManageMember(['owner'], 'GAMER'), mayManageMember(['owner'], 'COACH')]).toEqual([true, true]);
    expect([mayManageMember(['admin'], 'GAMER'), mayManageMember(['admin'], 'COACH')]).toEqual([true, true]);
    expect([mayManageMember(['coach'], 'GAMER'), mayManageMember(['coach'], 'COACH')]).toEqual([true, false]);
    expect([mayManageMember(['member'], 'GAMER'), mayManageMember([], 'GAMER')]).toEqual([false, false]);
    expect([relationsManaging('GAMER'), relationsManaging('COACH')]).toEqual([
      ['owner', 'coach', 'admin'],
      ['owner', 'admin'],
    ]);
  });
});

describe('team codes', () => {
  it('accepts a code in any case with spaces around it, and refuses look-alikes and other lengths', () => {
    expect(teamCodeField.parse(' abcd2345 ')).toBe('ABCD2345');
    expect(teamCodeField.safeParse('ABCD0345').success).toBe(false);
    expect(teamCodeField.safeParse('ABC2345').success).toBe(false);
  });
});

describe('seat messages', () => {
  it('says how many gamer seats are taken and where to add some', () => {
    expect(seatsFullMessage('GAMER', 5)).toBe('All 5 gamer seats of this team are taken. The director can add gamer seats on the pricing page.');
  });
});

describe('a team member list', () => {
  const members = [
    member('Chloe Martin', 'chloe@fitgauge.test', 'GAMER', '2026-01-03'),
    member('ava reyes', 'ava@fitgauge.test', 'GAMER', '2026-01-02'),
    member('Chris Coach', 'coach@fitgauge.test', 'COACH', '2026-01-01'),
    member(null, 'nameless@fitgauge.test'),
  ];

  it('orders by full name ignoring case by default, with the total before paging', () => {
    const { items, total } = listMembers(members, {});
    expect(items.map((m) => m.email)).toEqual(['nameless@fitgauge.test', 'ava@fitgauge.test', 'chloe@fitgauge.test', 'coach@fitgauge.test']);
    expect(total).toBe(4);
  });

  it('filters by name or e-mail, orders as asked and pages with skip and take', () => {
    expect(listMembers(members, { search: 'CH' }).items.map((m) => m.email)).toEqual(['chloe@fitgauge.test', 'coach@fitgauge.test']);
    expect(listMembers(members, { orderBy: 'joinedAt', direction: 'desc', take: 2 }).items.map((m) => m.email)).toEqual([
      'chloe@fitgauge.test',
      'ava@fitgauge.test',
    ]);
    const page = listMembers(members, { orderBy: 'email', skip: 1, take: 2 });
    expect([page.items.map((m) => m.email), page.total]).toEqual([['chloe@fitgauge.test', 'coach@fitgauge.test'], 4]);
  });
});
