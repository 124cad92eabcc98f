import { useCurrentWeeklyChallenge } from '../api/check-in-queries';
import '../check-in.css';

/** The challenge of this week, when admins posted one; nothing while loading or when the read fails (it is extra). */
export function WeekChallenge() {
  const challenge = useCurrentWeeklyChallenge();
  if (!challenge.data) return null;
  return (
    <section className="fg-week-challenge" aria-labelledby="fg-week-challenge-title">
      <h2 id="fg-week-challenge-title">This week&apos;s challenge</h2>
      <p className="fg-week-challenge__week">Week {challenge.data.week}</p>
      <p className="fg-week-challenge__text">{challenge.data.description}</p>
    </section>
  );
}
