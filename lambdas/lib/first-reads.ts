import { batchGet, type Item, type Key } from './db/table';
import type { RelationStores } from './authorization-relations';
import { signedOutAtOf, signOutKey, type SignOutStore } from './stores/sign-out-store';
import { teamItem, type TeamRecord } from './stores/team-store';
import { userItem, type UserRecord, type UserStore } from './stores/user-store';

/**
 * What a call reads before its resolver runs: the caller's last sign-out (when checked), the team its row names, and
 * the caller's profile when its declaration says the resolver reads it.
 */
export interface FirstReadRequest {
  signOutOf: string | null;
  teamId: string | null;
  profileOf: string | null;
}

export interface FirstReadResult {
  signedOutAt: number | null;
  team: TeamRecord | null;
  profile: UserRecord | null;
}

export type FirstReads = (request: FirstReadRequest) => Promise<FirstReadResult>;

const sameKey = (item: Item, key: Key) => item.pk === key.pk && item.sk === key.sk;

/**
 * The items in one consistent BatchGetItem instead of a consistent GetItem each: a team's statistics poll makes four
 * such calls at once, and every DynamoDB request costs its own round trip (docs/performance.md, "Hot read paths").
 */
export const dynamoFirstReads: FirstReads = async ({ signOutOf, teamId, profileOf }) => {
  const signOut = signOutOf === null ? null : signOutKey(signOutOf);
  const team = teamId === null ? null : teamItem.key({ id: teamId });
  const profile = profileOf === null ? null : userItem.key({ id: profileOf });
  const keys = [signOut, team, profile].filter((key): key is Key => key !== null);
  const items = keys.length === 0 ? [] : await batchGet(keys, { consistent: true });
  const found = (key: Key | null) => (key === null ? undefined : items.find((item) => sameKey(item, key)));
  const [teamFound, profileFound] = [found(team), found(profile)];
  return {
    signedOutAt: signedOutAtOf(found(signOut)),
    team: teamFound ? teamItem.decode(teamFound) : null,
    profile: profileFound ? userItem.decode(profileFound) : null,
  };
};

/** The same reads through the given stores, one request each (the stores a test passes). */
export const firstReadsThrough =
  (teams: Pick<RelationStores, 'get'>, signOuts: SignOutStore | null, users: Pick<UserStore, 'get'>): FirstReads =>
  async ({ signOutOf, teamId, profileOf }) => {
    const [signedOutAt, team, profile] = await Promise.all([
      signOutOf === null || signOuts === null ? null : signOuts.signedOutAt(signOutOf),
      teamId === null ? null : teams.get(teamId),
      profileOf === null ? null : users.get(profileOf),
    ]);
    return { signedOutAt, team, profile };
  };
