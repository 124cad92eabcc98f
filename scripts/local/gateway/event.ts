import { Kind, print, type FieldNode, type FragmentDefinitionNode, type SelectionNode, type SelectionSetNode } from 'graphql';
import type { ResolverEvent } from '../../../lambdas/lib/appsync';
import type { HeaderMap, Principal } from './auth';

/** What the caller sent besides the query: AppSync copies it into the event. */
export interface RequestInfo {
  headers: HeaderMap;
  sourceIp: string;
}

interface FieldCall {
  parentTypeName: string;
  fieldName: string;
  fieldNode: FieldNode;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  arguments: Record<string, unknown>;
  source: Record<string, unknown> | null;
}

/** A socket's address without the IPv4-mapped IPv6 prefix Node gives on dual-stack sockets. */
const plainAddress = (address: string | undefined) => (address ?? '127.0.0.1').replace(/^::ffff:/, '');

/**
 * What AppSync on AWS receives: the caller's headers with, in `x-forwarded-for`, the address CloudFront saw appended
 * and then its own front end's. So the entry before the last is the real peer, whatever `x-forwarded-for` the caller
 * sent (lambdas/lib/caller-address.ts takes that entry), and a caller cannot pick the bucket of a per-address limit.
 */
export function requestInfoOf(headers: HeaderMap, socket: { remoteAddress?: string; localAddress?: string }): RequestInfo {
  const peer = plainAddress(socket.remoteAddress);
  const chain = [headers['x-forwarded-for'], peer, plainAddress(socket.localAddress)].filter(Boolean).join(', ');
  return { headers: { ...headers, 'x-forwarded-for': chain }, sourceIp: peer };
}

/** The account id local IAM callers belong to (AWS's placeholder account). */
const LOCAL_ACCOUNT_ID = '000000000000';

/** The `identity` AppSync passes: a Cognito or an IAM caller's, or the Lambda authorizer's (empty) resolver context. */
function identityOf(principal: Principal, sourceIp: string) {
  if (principal.mode === 'lambda') return { resolverContext: {} };
  if (principal.mode === 'iam') {
    return {
      accountId: LOCAL_ACCOUNT_ID,
      userArn: `arn:aws:iam::${LOCAL_ACCOUNT_ID}:user/${principal.accessKeyId}`,
      username: principal.accessKeyId,
      sourceIp: [sourceIp],
      cognitoIdentityPoolId: null,
      cognitoIdentityId: null,
      cognitoIdentityAuthType: null,
      cognitoIdentityAuthProvider: null,
    };
  }
  if (principal.mode !== 'userPool') return null;
  const { claims, groups } = principal;
  return {
    sub: claims.sub as string,
    issuer: claims.iss as string,
    username: (claims['cognito:username'] ?? claims.username) as string,
    claims,
    sourceIp: [sourceIp],
    defaultAuthStrategy: 'ALLOW',
    groups: groups.length > 0 ? groups : null,
  };
}

/** Field paths below the resolved field, "parent/child", fragments expanded (AppSync's selectionSetList). */
function selectionList(selections: readonly SelectionNode[], fragments: FieldCall['fragments'], prefix = ''): string[] {
  return selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) {
      const path = prefix + (selection.alias ?? selection.name).value;
      const children = selection.selectionSet ? selectionList(selection.selectionSet.selections, fragments, `${path}/`) : [];
      return [path, ...children];
    }
    const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
    return fragment ? selectionList(fragment.selectionSet.selections, fragments, prefix) : [];
  });
}

/**
 * A field's selectionSetList and selectionSetGraphQL, worked out once per selection set: parsed documents are cached
 * by query text (http.ts), so the same node comes back with every request of that text, and with the fragments of
 * its own document.
 */
const selectionsOf = new WeakMap<SelectionSetNode, { list: string[]; graphql: string }>();

function selectionOf(selectionSet: SelectionSetNode | undefined, fragments: FieldCall['fragments']) {
  if (!selectionSet) return { list: [], graphql: '' };
  let known = selectionsOf.get(selectionSet);
  if (!known) {
    known = { list: selectionList(selectionSet.selections, fragments), graphql: print(selectionSet) };
    selectionsOf.set(selectionSet, known);
  }
  return known;
}

/** AppSync's direct Lambda resolver event for one field. */
export function buildResolverEvent(call: FieldCall, principal: Principal, request: RequestInfo): ResolverEvent<any, any> {
  const selection = selectionOf(call.fieldNode.selectionSet, call.fragments);
  return {
    arguments: call.arguments,
    identity: identityOf(principal, request.sourceIp) as ResolverEvent['identity'],
    source: call.source,
    request: { headers: request.headers as Record<string, string>, domainName: null },
    info: {
      fieldName: call.fieldName,
      parentTypeName: call.parentTypeName,
      variables: call.variables,
      // A copy: the event goes to a handler, the cached list stays as it is.
      selectionSetList: [...selection.list],
      selectionSetGraphQL: selection.graphql,
    },
    prev: null,
    stash: {},
  };
}
