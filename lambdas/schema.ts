import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, type GraphQLSchema } from 'graphql';

export const schemaPath = join(__dirname, '..', 'schema.graphql');

/** AppSync's own scalars and directives, declared so graphql-js reads schema.graphql as AppSync does. */
export const appSyncPrelude = `
scalar AWSDate
scalar AWSTime
scalar AWSDateTime
scalar AWSTimestamp
scalar AWSEmail
scalar AWSJSON
scalar AWSURL
scalar AWSPhone
scalar AWSIPAddress
directive @aws_api_key on FIELD_DEFINITION | OBJECT
directive @aws_iam on FIELD_DEFINITION | OBJECT
directive @aws_oidc on FIELD_DEFINITION | OBJECT
directive @aws_lambda on FIELD_DEFINITION | OBJECT
directive @aws_auth(cognito_groups: [String]) on FIELD_DEFINITION | OBJECT
directive @aws_cognito_user_pools(cognito_groups: [String]) on FIELD_DEFINITION | OBJECT
directive @aws_subscribe(mutations: [String]) on FIELD_DEFINITION
`;

/** schema.graphql exactly as AppSync is given it. */
export function readSchemaSource(): string {
  return readFileSync(schemaPath, 'utf8');
}

export function buildAppSyncSchema(source = readSchemaSource()): GraphQLSchema {
  return buildSchema(appSyncPrelude + source);
}
