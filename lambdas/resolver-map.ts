/**
 * The one place that says which Lambda serves each root GraphQL field.
 * CDK (infra/) builds AppSync data sources and resolvers from it; the local gateway
 * (scripts/local/gateway) loads the same handlers from it. Pure data: no imports with side effects.
 */
export const lambdaFunctions = {
  system: { entry: 'lambdas/system/handler.ts', description: 'Health and service information' },
  teams: { entry: 'lambdas/teams/handler.ts', description: 'Teams, membership and team selection' },
} as const;

export type LambdaFunctionName = keyof typeof lambdaFunctions;

export const resolverMap = {
  'Query.health': 'system',
  'Query.me': 'teams',
  'Query.getSelectedTeam': 'teams',
  'Mutation.setSelectedTeam': 'teams',
  'Subscription.onSelectedTeamChanged': 'teams',
} as const satisfies Record<string, LambdaFunctionName>;

export type RootField = keyof typeof resolverMap;

export function fieldsServedBy(name: LambdaFunctionName): RootField[] {
  return (Object.keys(resolverMap) as RootField[]).filter((field) => resolverMap[field] === name);
}
