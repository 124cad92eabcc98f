import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditLogsQuery, AuditLogsQueryVariables } from '@/gql/graphql';
import { callApi, gqlOperation } from '@/lib/api-client';

/** One audit-log entry (schema.graphql AuditLogEntry); before and after are JSON text. */
export type AuditLogEntry = AuditLogsQuery['auditLogs']['items'][number];

type AuditLogQuery = AuditLogsQueryVariables;

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

/** Entries asked for at a time; the table shows them 10 a page. */
const AUDIT_BATCH = 50;

/** The actor and target an audit-log read is filtered by (absent: any). */
type AuditLogFilter = Pick<AuditLogQuery, 'actorId' | 'targetId'>;

/** The audit log's query keys: every cached read of it starts with `audit-log`. */
const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (filter: AuditLogFilter) => [...auditLogKeys.all, filter] as const,
};

const getAuditLogs = async (query: AuditLogQuery) => (await callApi(auditLogsQuery, query)).auditLogs;

/** The filtered entries, newest first, a batch at a time: each next batch starts at the previous one's cursor. */
const auditLogQueryOptions = (filter: AuditLogFilter) =>
  infiniteQueryOptions({
    queryKey: auditLogKeys.list(filter),
    queryFn: ({ pageParam }) => getAuditLogs({ ...filter, take: AUDIT_BATCH, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useAuditLog = (filter: AuditLogFilter) => useInfiniteQuery(auditLogQueryOptions(filter));
