import { ButtonLink } from '@/components/ui/link/button-link';
import { paths } from '@/config/paths';
import { TodayCheckIn } from '@/features/check-in/components/today-check-in';
import { WeekChallenge } from '@/features/check-in/components/week-challenge';
import { CoachCommentsCard } from '@/features/journal/components/coach-comments-card';
import { mayCheckIn } from '@/features/check-in/lib/may-check-in';
import { ScoreNow } from '@/features/scores/components/score-now';
import { useViewer } from '@/lib/viewer';
import { NotForRole } from './not-for-role';
import './today.css';

/**
 * /home/today: a gamer's home (docs/product.md, "Where FitGauge leaves the spec"). Today's check-in one tap away (or its
 * result), the FG Score against his own normal, the streak, this week's challenge, the newest comments of his coaches on his days; for a gamer without a team, the way to
 * a team. Composed here because it shows several features.
 */
export function TodayRoute() {
  const viewer = useViewer();
  if (viewer && !mayCheckIn(viewer.groups)) {
    return <NotForRole title="Today is for gamers" description="Coaches and directors follow their teams' scores in Analytics." />;
  }
  const solo = viewer?.teams != null && viewer.teams.member.length === 0;
  return (
    <div className="fg-page fg-today">
      <header className="fg-page__header">
        <h1>Today</h1>
        <p>Your check-in, your score against your own normal, and your streak.</p>
      </header>
      <TodayCheckIn />
      <section aria-labelledby="fg-today-score">
        <h2 id="fg-today-score">Your score</h2>
        <ScoreNow />
      </section>
      <WeekChallenge />
      {solo ? <NoTeamYet /> : <CoachCommentsCard />}
    </div>
  );
}

/** A gamer without a team: the ways to one, joining by invite or code, or buying a team dashboard to lead one. */
function NoTeamYet() {
  return (
    <section className="fg-today__team" aria-labelledby="fg-today-team">
      <h2 id="fg-today-team">Play with a team</h2>
      <p>Got an invite or a team code? Join your team, and your coach sees how ready you are.</p>
      <p>Leading a team yourself? A team dashboard shows your players&apos; readiness every morning.</p>
      <div className="fg-today__team-actions">
        <ButtonLink to={paths.home.teamInvite}>Join a team</ButtonLink>
        <ButtonLink to={paths.pricing}>Buy a team dashboard</ButtonLink>
      </div>
    </section>
  );
}
