import type { Caller, ResolverEvent } from '../../lib/appsync';
import { createFieldHandler } from '../../lib/fields';
import { scoringFieldsWith, type ScoringDeps } from '../fields';
import type { scoringWorld } from './world';

/**
 * Calls scoring's fields as AppSync would (./fields.ts on the given stores, at the clock `now`): each is refused
 * unless its row admits the caller, its arguments pass their schema and the caller stands to its user or team as the
 * row needs. E-mails go nowhere, and so does the team pages' refresh unless `publish` is given.
 */
export function scoringHandlerOn(
  stores: Awaited<ReturnType<typeof scoringWorld>>['stores'],
  now: () => Date = () => new Date(),
  publish: ScoringDeps['publish'] = async () => undefined,
) {
  const handler = createFieldHandler(
    scoringFieldsWith({ ...stores, sendMail: async () => undefined, appUrl: () => 'http://app.test', publish, now }),
    { teams: stores.teams, signOuts: null },
  );
  return (field: keyof typeof handler.declarations, caller: Caller, args: Record<string, unknown>): Promise<unknown> => {
    const [parentTypeName, fieldName] = field.split('.');
    const identity = { sub: caller.sub, groups: caller.groups, claims: {} };
    return handler({ info: { parentTypeName, fieldName }, arguments: args, identity } as unknown as ResolverEvent);
  };
}
