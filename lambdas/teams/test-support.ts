import { productionDeps, type TeamDeps } from './deps';

/**
 * The team rules on the DynamoDB stores (DynamoDB Local, jest project `dynamodb`), at a fixed clock, with no e-mail,
 * seat billing or My Team announcement leaving the test; `overrides` replaces any of them.
 */
export function teamDeps(overrides: Partial<TeamDeps> = {}): TeamDeps {
  return {
    ...productionDeps,
    sendMail: async () => undefined,
    appUrl: () => 'https://app.test',
    now: () => new Date('2026-11-01T00:00:00.000Z'),
    newTeamCode: () => {
      throw new Error('This test draws no team code.');
    },
    billSeats: async () => undefined,
    announceMembersChanged: async () => undefined,
    ...overrides,
  };
}
