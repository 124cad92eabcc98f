/**
 * A fresh team with fresh accounts for integration tests, written through the stores as the product writes them
 * (no demo account changes), and calls made as one of its people.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '@core/roles';
import { dynamoTeamStore, type MemberRole } from '../../lambdas/lib/stores/team-store';
import { accountWithRole, type RoleAccount } from './accounts';
import { graphql, type GraphQLError } from './stack';

type Variables = Record<string, unknown>;

export async function call(who: Pick<RoleAccount, 'token'>, query: string, variables: Variables = {}) {
  return graphql(query, variables, { token: who.token });
}

/** The call's data; throws with the errors when it has any. */
export async function ok(who: Pick<RoleAccount, 'token'>, query: string, variables: Variables = {}) {
  const { data, errors } = await call(who, query, variables);
  if (errors) throw new Error(`call failed: ${JSON.stringify(errors)}`);
  return data!;
}

/** The first error of a refused call: its type and message (undefined ones when the call went through). */
export async function refusal(who: Pick<RoleAccount, 'token'>, query: string, variables: Variables = {}) {
  const { errors } = await call(who, query, variables);
  const [first]: (GraphQLError | undefined)[] = errors ?? [];
  return { errorType: first?.errorType, message: first?.message };
}

/** A new team owned by `owner` with these members. */
export async function teamOf(owner: RoleAccount, members: [RoleAccount, MemberRole][], name = 'Test team'): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await dynamoTeamStore.create({
    id,
    name,
    description: 'Integration test team',
    game: 'Valorant',
    avatar: '',
    ownerId: owner.id,
    createdAt: at,
    updatedAt: at,
  });
  for (const [member, role] of members) await dynamoTeamStore.addMember({ teamId: id, userId: member.id, role, joinedAt: at });
  return id;
}

/** Fresh accounts, one per name, in the role given. */
export async function accounts<N extends string>(roles: Record<N, Role>, label: string): Promise<Record<N, RoleAccount>> {
  const made = await Promise.all(
    Object.entries<Role>(roles).map(
      async ([name, role]) => [name, await accountWithRole(role, `${label}.${name}`, `${label.replace(/\./g, ' ')} ${name}`)] as const,
    ),
  );
  return Object.fromEntries(made) as Record<N, RoleAccount>;
}
