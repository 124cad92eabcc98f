import { callApi, gqlOperation } from '@/lib/api-client';

/** One audit-log entry (schema.graphql AuditLogEntry); before and after are JSON text. */
export interface AuditLogEntry {
  id: string;
  at: string;
  actorId: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  targetLabel: string;
  before: string | null;
  after: string | null;
}

export interface AuditLogQuery {
  actorId?: string;
  targetId?: string;
  take: number;
  cursor?: string | null;
}

const auditLogsQuery = gqlOperation<{ auditLogs: { items: AuditLogEntry[]; nextCursor: string | null } }, AuditLogQuery>(/* GraphQL */ `
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
