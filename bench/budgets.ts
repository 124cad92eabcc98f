/**
 * The per-operation budgets of `npm run bench:budget` (bench/budget.ts, docs/performance.md "Per-operation budgets"):
 * the most each user action may ask of the backend. Counts and units do not depend on the machine; CPU ms do, and
 * have no budget here.
 */
export interface Figures {
  appSyncRequests: number;
  lambdaInvocations: number;
  dynamoDbCalls: number;
  /** The longest chain of DynamoDB calls made one after the other (bench/lib/aws-calls.ts, sequentialDepth). */
  dynamoDbSequential: number;
  readUnits: number;
  writeUnits: number;
  /** The most items of one TransactWriteItems / TransactGetItems. */
  transactionItems: number;
  cognitoCalls: number;
  sesCalls: number;
  /** SQS SendMessage calls: mail put on the mail queue (lambdas/lib/sqs.ts), sent later by the mail sender. */
  sqsCalls: number;
}

export type Action =
  'openCheckIn' | 'firstCheckIn' | 'alertingCheckIn' | 'teamAnalytics' | 'membersTable' | 'refreshSession' | 'nudge' | 'reminderJob';

export const budgets: Record<Action, Partial<Figures>> = {
  openCheckIn: { sesCalls: 0 },
  // For any team size (issue 33): the gamer's transaction (10 units) and the team's member item and totals (1 + 1),
  // neither of which grows with the team; the bench's check-in team lists up to about 40 members by its last runs.
  firstCheckIn: { writeUnits: 12, transactionItems: 8, sesCalls: 0 },
  // The same check-in when it makes a gaming day Not Ready: the staff's journal alert on top, mail still queued.
  alertingCheckIn: { transactionItems: 8, sesCalls: 0 },
  // For any team size: the bench measures a small and a large team.
  teamAnalytics: { dynamoDbCalls: 6, sesCalls: 0 },
  membersTable: { sesCalls: 0 },
  refreshSession: { cognitoCalls: 1, sesCalls: 0 },
  nudge: { sesCalls: 0 },
  // A scheduled job, not a request path: it may send mail.
  reminderJob: {},
};
