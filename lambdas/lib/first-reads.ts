import { batchGet, type Item, type Key } from './db/table';
import type { RelationStores } from './authorization-relations';
import { signedOutAtOf, signOutKey, type SignOutStore } from './stores/sign-out-store';
import { teamItem, type TeamRecord } from './stores/team-store';

/** What a call reads before its resolver runs: the caller's last sign-out (when checked) and the team its row names. */
export interface FirstReadRequest {
  signOutOf: string | null;
  teamId: string | null;
}

export interface FirstReadResult {
  signedOutAt: number | null;
  team: TeamRecord | null;
}

export type FirstReads = (request: FirstReadRequest) => Promise<FirstReadResult>;

const sameKey = (item: Item, key: Key) => item.pk === key.pk && item.sk === key.sk;

/**
 * Both items in one consistent BatchGetItem instead of a consistent GetItem each: a team's statistics poll makes four
 * such calls at once, and every DynamoDB request costs its own round trip (docs/performance.md, "Hot read paths").
 */
export const dynamoFirstReads: FirstReads = async ({ signOutOf, teamId }) => {
  const signOut = signOutOf === null ? null : signOutKey(signOutOf);
  const team = teamId === null ? null : teamItem.key({ id: teamId });
  const keys = [signOut, team].filter((key): key is Key => key !== null);
  const items = keys.length === 0 ? [] : await batchGet(keys, { consistent: true });
  const teamFound = team && items.find((item) => sameKey(item, team));
  return {
    signedOutAt: signOut ? signedOutAtOf(items.find((item) => sameKey(item, signOut))) : null,
    team: teamFound ? teamItem.decode(teamFound) : null,
  };
};

/** The same reads through the given stores, one request each (the stores a test passes). */
export const firstReadsThrough =
  (teams: Pick<RelationStores, 'get'>, signOuts: SignOutStore | null): FirstReads =>
  async ({ signOutOf, teamId }) => {
    const [signedOutAt, team] = await Promise.all([
      signOutOf === null || signOuts === null ? null : signOuts.signedOutAt(signOutOf),
      teamId === null ? null : teams.get(teamId),
    ]);
    return { signedOutAt, team };
  };
