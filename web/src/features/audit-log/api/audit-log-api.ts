import type { AuditLogsQuery, AuditLogsQueryVariables } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** One audit-log entry (schema.graphql AuditLogEntry); before and after are JSON text. */
export type AuditLogEntry = AuditLogsQuery['auditLogs']['items'][number];

export type AuditLogQuery = AuditLogsQueryVariables;

const auditLogsQuery = gqlOperation(/* GraphQL */ `
  query AuditLogs($actorId: ID, $targetId: ID, $take: Int, $cursor: String) {
    auditLogs(actorId: $actorId, targetId: $targetId, take: $take, cursor: $cursor) {
      items {
        id
        at
        actorId
        actorEmail
        action
        targetType
        targetId
        targetLabel
        before
        after
      }
      nextCursor
    }
  }
`);

export const getAuditLogs = async (query: AuditLogQuery) => (await callApi(auditLogsQuery, query)).auditLogs;
