/**
 * Every root field of schema.graphql, gathered from the domains' declarations (lambdas/<domain>/fields.ts, built with
 * lambdas/lib/fields.ts): which Lambda serves it (CDK builds the AppSync resolvers from this map and the local gateway
 * routes by it) and who may call it (the policy map the authorization matrix checks). Nothing here is written twice:
 * a field is added to schema.graphql and to one declarations module (docs/architecture.md, "Adding a field").
 */
import type { FieldPolicy } from '@core/policy';
import { accountFields } from './account/fields';
import { authFields } from './auth/fields';
import { avatarFields } from './avatars/fields';
import { billingFields } from './billing/fields';
import { journalFields } from './journal/fields';
import type { FieldDeclarations } from './lib/fields';
import { reportSharingFields } from './recap/fields';
import { recommendationFields } from './recommendations/fields';
import { reminderFields } from './reminders/fields';
import type { LambdaFunctionName } from './resolver-map';
import { scoringFields } from './scoring/fields';
import { systemFields } from './system/fields';
import { teamsFields } from './teams/fields';
import { userFields } from './users/fields';
import { videoFields } from './videos/fields';
import { weeklyChallengeFields } from './weekly-challenges/fields';

/** Each function's declarations; its handler (lambdas/<domain>/handler.ts) serves exactly these. */
export const apiFields = {
  system: systemFields,
  teams: teamsFields,
  auth: authFields,
  billing: billingFields,
  scoring: scoringFields,
  journal: journalFields,
  reportSharing: reportSharingFields,
  reminders: reminderFields,
  avatars: avatarFields,
  recommendations: recommendationFields,
  weeklyChallenges: weeklyChallengeFields,
  account: accountFields,
  users: userFields,
  videos: videoFields,
} as const satisfies Record<LambdaFunctionName, FieldDeclarations>;

export type RootField = { [Name in LambdaFunctionName]: keyof (typeof apiFields)[Name] & string }[LambdaFunctionName];

const declared = (Object.entries(apiFields) as [LambdaFunctionName, FieldDeclarations][]).flatMap(([name, fields]) =>
  Object.entries(fields).map(([field, declaration]) => ({ field: field as RootField, name, policy: declaration.policy })),
);

/** The Lambda that serves each root field. */
export const resolverMap = Object.fromEntries(declared.map(({ field, name }) => [field, name])) as Record<RootField, LambdaFunctionName>;

/** The policy map: each root field's row (core/policy.ts says what a row means). */
export const policyMap = Object.fromEntries(declared.map(({ field, policy }) => [field, policy])) as Record<RootField, FieldPolicy>;

/** Fields declared by more than one domain (a test keeps this empty: the maps above would keep only the last). */
export const fieldsDeclaredTwice = (): string[] => declared.map(({ field }) => field).filter((field, index, all) => all.indexOf(field) !== index);

export function fieldsServedBy(name: LambdaFunctionName): RootField[] {
  return Object.keys(apiFields[name]) as RootField[];
}
