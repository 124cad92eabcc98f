import { ButtonLink } from '@/components/ui/link/button-link';
import { paths } from '@/config/paths';
import { formatScoreDay, scoreEntry } from '@/lib/score-display';
import { useMyCheckIn } from '../api/check-in-queries';
import '../check-in.css';

/**
 * Today's check-in on the gamer's Today page: one tap to the check-in until it is sent, then its result with the way to
 * correct it until the day closes at 4 am (docs/scoring.md, "Score day"). The button is there while the day loads (and
 * if it cannot be loaded): the check-in page says for itself what it can do.
 */
export function TodayCheckIn() {
  const checkIn = useMyCheckIn();
  const day = checkIn.data;
  if (!day?.checkedIn) {
    return (
      <section className="fg-today-check-in" aria-labelledby="fg-today-check-in-title">
        <h2 id="fg-today-check-in-title">Today&apos;s check-in</h2>
        <p>A minute on your sleep, food, mind, lifestyle and body gives today&apos;s scores.</p>
        <ButtonLink variation="primary" to={paths.home.checkIn} isFullWidth>
          Check in
        </ButtonLink>
      </section>
    );
  }
  const daily = scoreEntry('daily', day.dailyScore);
  return (
    <section className="fg-today-check-in" data-checked-in aria-labelledby="fg-today-check-in-title">
      <h2 id="fg-today-check-in-title">Today&apos;s check-in</h2>
      <p className="fg-today-check-in__result">
        <span aria-hidden="true">✓ </span>Sent for {formatScoreDay(day.date)}: {daily.title} {daily.score ?? '–'} ({daily.label}), {day.avgCompletion}
        % answered.
      </p>
      <ButtonLink to={paths.home.checkIn}>Edit until 4 am</ButtonLink>
    </section>
  );
}
