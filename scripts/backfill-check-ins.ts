/**
 * `npm run backfill:check-ins`: moves stored check-ins to the form of issue 33 (docs/data-model.md, "Migrations"):
 * every day keeps its answers itself, compactly, and the Answer items go; then every team day keeps its members as
 * member items instead of maps on its totals. Idempotent and safe while check-ins come in. Against AWS, run it once
 * after deploying the code that reads both forms, with TABLE_NAME and the deploy credentials in the environment; the
 * local stack runs it by itself once per data folder (scripts/seed/seed.ts).
 */
import { backfillCheckIns, backfillTeamDays } from '../lambdas/lib/stores/score-backfill';

async function main() {
  const { users, days, answerItemsDeleted } = await backfillCheckIns();
  console.log(`Went through ${users} users: ${days} days now keep their answers, ${answerItemsDeleted} Answer items deleted.`);
  const { teams, teamDays } = await backfillTeamDays();
  console.log(`Went through ${teams} teams: ${teamDays} team days now keep their members as member items.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
