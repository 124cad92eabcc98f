/**
 * `npm run backfill:check-ins`: moves stored check-ins to the form of issue 33 (docs/data-model.md, "Migrations"):
 * every day keeps its answers itself, compactly, and the Answer items go. Idempotent and safe while check-ins come in.
 * Against AWS, run it once after deploying the code that reads answers from the day only, with TABLE_NAME and the
 * deploy credentials in the environment; the local stack runs it by itself once per data folder (scripts/seed/seed.ts).
 */
import { backfillCheckIns } from '../lambdas/lib/stores/score-backfill';

backfillCheckIns()
  .then(({ users, days, answerItemsDeleted }) =>
    console.log(`Went through ${users} users: ${days} days now keep their answers, ${answerItemsDeleted} Answer items deleted.`),
  )
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
