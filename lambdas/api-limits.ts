/**
 * What one GraphQL request may cost, set on AppSync by CDK (infra/lib/api.ts) and enforced the same way by the
 * local gateway (scripts/local/gateway/limits.ts), so a request refused on AWS is refused locally too.
 */
export const apiLimits = {
  /**
   * Nesting levels of one operation (root fields are level 1). schema.graphql needs at most 5; 10 leaves room for
   * the schema to grow while a hostile query cannot fan out.
   */
  queryDepth: 10,
  /**
   * Resolvers one request may run. Every resolver here is a root field (direct Lambda), and the web app's largest
   * operation (My scores) selects five; 20 leaves room while an aliased request cannot turn into thousands of Lambda
   * calls (or sign-in tries) behind one request that the WAF counts once.
   */
  resolverCount: 20,
  /** AppSync's request size quota (5 MB); the local gateway answers 413 past it. */
  requestBodyBytes: 5 * 1024 * 1024,
} as const;
