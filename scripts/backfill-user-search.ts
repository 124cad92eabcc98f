/**
 * `npm run backfill:user-search`: writes the admin search's words of every user who has none yet (accounts made
 * before the search index existed; docs/data-model.md, "User search"). Idempotent. Against AWS, run it once with
 * TABLE_NAME and the deploy credentials in the environment; the local stack runs it by itself on a data folder made
 * before the index (scripts/local/stack.ts).
 */
import { backfillSearchWords } from '../lambdas/lib/stores/user-admin-store';

backfillSearchWords()
  .then((indexed) => console.log(`Indexed the search words of ${indexed} users.`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
