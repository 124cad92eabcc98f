import { MyScoresPage } from '@/features/scores/components/my-scores-page';

/** /home/my-scores: a gamer's own scores over time. */
export function MyScoresRoute() {
  return <MyScoresPage />;
}
