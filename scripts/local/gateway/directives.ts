import {
  getDirectiveValues,
  getNamedType,
  isObjectType,
  type ConstDirectiveNode,
  type GraphQLDirective,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import type { Principal } from './auth';

/** One auth mode a field or type admits; `groups: null` means any signed-in user of the pool. */
type AuthRule = { mode: 'lambda' } | { mode: 'iam' } | { mode: 'userPool'; groups: string[] | null } | { mode: 'other' };

/** The API's default mode (Cognito user pools) applies where no auth directive is written. */
const DEFAULT_RULES: AuthRule[] = [{ mode: 'userPool', groups: null }];

export type FieldAccess = (principal: Principal, typeName: string, fieldName: string) => boolean;

interface WithDirectives {
  readonly directives?: ReadonlyArray<ConstDirectiveNode>;
}

function rulesOf(schema: GraphQLSchema, nodes: ReadonlyArray<WithDirectives | null | undefined>): AuthRule[] {
  const rules: AuthRule[] = [];
  for (const node of nodes) {
    for (const directive of node?.directives ?? []) {
      switch (directive.name.value) {
        case 'aws_lambda':
          rules.push({ mode: 'lambda' });
          break;
        case 'aws_cognito_user_pools':
        case 'aws_auth': {
          const definition = schema.getDirective(directive.name.value) as GraphQLDirective;
          const groups = getDirectiveValues(definition, { directives: [directive] })?.cognito_groups as string[] | null | undefined;
          rules.push({ mode: 'userPool', groups: groups ?? null });
          break;
        }
        case 'aws_iam':
          rules.push({ mode: 'iam' });
          break;
        case 'aws_oidc':
        case 'aws_api_key':
          // Modes the API does not offer (infra/lib/api.ts): they admit nobody, as an unconfigured mode would in AWS.
          rules.push({ mode: 'other' });
          break;
      }
    }
  }
  return rules;
}

function admits(rules: AuthRule[], principal: Principal): boolean {
  return rules.some((rule) => {
    if (rule.mode !== principal.mode) return false;
    if (rule.mode !== 'userPool' || principal.mode !== 'userPool' || rule.groups === null) return true;
    return rule.groups.some((group) => principal.groups.includes(group));
  });
}

/**
 * AppSync's rules for auth directives: a field's own directives replace its type's, a type's apply to all its
 * fields, and with neither only the default mode may read the field. A field that returns an object type is
 * refused, whatever its value (null included), to a mode the returned type does not admit: AppSync checks the
 * selected type as well as the field. Precomputed once per schema.
 */
export function createFieldAccess(schema: GraphQLSchema): FieldAccess {
  const typeRulesOf = (type: GraphQLObjectType) => {
    const rules = rulesOf(schema, [type.astNode, ...type.extensionASTNodes]);
    return rules.length > 0 ? rules : null;
  };
  const rulesByField = new Map<string, AuthRule[][]>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const typeRules = typeRulesOf(type);
    for (const field of Object.values(type.getFields())) {
      const fieldRules = rulesOf(schema, [field.astNode]);
      const returned = getNamedType(field.type);
      const returnedRules = isObjectType(returned) ? (typeRulesOf(returned) ?? DEFAULT_RULES) : null;
      const own = fieldRules.length > 0 ? fieldRules : (typeRules ?? DEFAULT_RULES);
      rulesByField.set(`${type.name}.${field.name}`, returnedRules ? [own, returnedRules] : [own]);
    }
  }
  return (principal, typeName, fieldName) =>
    (rulesByField.get(`${typeName}.${fieldName}`) ?? [DEFAULT_RULES]).every((rules) => admits(rules, principal));
}

/** For each mutation, the subscription fields whose @aws_subscribe lists it. */
export function subscriptionTriggers(schema: GraphQLSchema): Map<string, string[]> {
  const triggers = new Map<string, string[]>();
  const subscriptionType: GraphQLObjectType | null | undefined = schema.getSubscriptionType();
  const directive = schema.getDirective('aws_subscribe');
  if (!subscriptionType || !directive) return triggers;
  for (const field of Object.values(subscriptionType.getFields())) {
    if (!field.astNode) continue;
    const mutations = (getDirectiveValues(directive, field.astNode)?.mutations as string[] | null | undefined) ?? [];
    for (const mutation of mutations) triggers.set(mutation, [...(triggers.get(mutation) ?? []), field.name]);
  }
  return triggers;
}
