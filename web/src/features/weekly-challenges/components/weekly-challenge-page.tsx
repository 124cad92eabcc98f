import {
  CHALLENGE_FILTERS,
  CHALLENGE_TEXTS,
  type ChallengeFilter,
  type ChallengeWeek,
  challengeDescriptionSchema,
  matchesFilter,
  MAX_CHALLENGE_DESCRIPTION_LENGTH,
  timingOf,
  weekDays,
} from '@core/weekly-challenges';
import { type FormEvent, useId, useState } from 'react';
import { LoadError } from '@/components/errors/load-error';
import { Button } from '@/components/ui/button/button';
import { ConfirmDialog } from '@/components/ui/dialog/choice-dialog';
import { MessageDialog } from '@/components/ui/dialog/message-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { TextAreaField } from '@/components/ui/form/fields';
import { PageLoader } from '@/components/ui/page-loader';
import { useToast } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { browserScoreDay } from '@/lib/time-zone';
import {
  useCreateWeeklyChallenge,
  useDeleteWeeklyChallenge,
  useUpdateWeeklyChallenge,
  useWeeklyChallenges,
  type WeeklyChallenge,
} from '../api/weekly-challenges';
import { WeekCalendar } from './week-calendar';
import '../weekly-challenges.css';

type Operation = 'creating' | 'updating' | 'deleting';

/** The duplicate week's message, else the operation's generic one; the server's wording is not shown (docs/recommendations-and-challenges.md). */
function messageOf(operation: Operation, error: unknown): string {
  return operation === 'creating' && error instanceof ApiError && error.errorType === 'Conflict'
    ? CHALLENGE_TEXTS.duplicate
    : CHALLENGE_TEXTS[operation];
}

const weekTitle = ({ year, week }: ChallengeWeek) => `Week ${week}, ${year}`;

function weekRange(week: ChallengeWeek): string {
  const { monday, sunday } = weekDays(week);
  const format = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${format(monday)} – ${format(sunday)}`;
}

/** The description's problem as the form says it, or null. */
function descriptionProblem(description: string): string | null {
  const parsed = challengeDescriptionSchema.safeParse(description);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? CHALLENGE_TEXTS.descriptionRequired);
}

/** /home/weekly-challenge: post a challenge for a week of the calendar, and the week cards, filtered, edited, deleted. */
export function WeeklyChallengePage() {
  const challenges = useWeeklyChallenges();
  const [failure, setFailure] = useState<string | null>(null);

  if (challenges.isPending) return <PageLoader label="Loading the weekly challenges…" />;
  if (challenges.isError) {
    return <LoadError heading={CHALLENGE_TEXTS.errorTitle} error={new Error(CHALLENGE_TEXTS.getting)} onRetry={() => void challenges.refetch()} />;
  }
  return (
    <div className="fg-page fg-challenges">
      <header className="fg-page__header">
        <h1>Weekly Challenge</h1>
        <p>One challenge per calendar week. Gamers see this week&apos;s challenge on their check-in page.</p>
      </header>
      <PostChallengeForm challenges={challenges.data} onFailure={setFailure} />
      <ChallengeCards challenges={challenges.data} onFailure={setFailure} />
      <MessageDialog open={failure !== null} title={CHALLENGE_TEXTS.errorTitle} actionLabel="OK" alert onClose={() => setFailure(null)}>
        <p>{failure}</p>
      </MessageDialog>
    </div>
  );
}

interface SectionProps {
  challenges: WeeklyChallenge[];
  onFailure: (message: string) => void;
}

function PostChallengeForm({ challenges, onFailure }: SectionProps) {
  const toast = useToast();
  const [week, setWeek] = useState<ChallengeWeek | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const counterId = useId();

  // Then the challenges are asked again.
  const post = useCreateWeeklyChallenge({
    onSuccess: () => {
      setDescription('');
      setWeek(null);
      toast.success('The challenge was posted.');
    },
    onError: (error) => onFailure(messageOf('creating', error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = descriptionProblem(description);
    setProblem(reason);
    if (week && reason === null) post.mutate({ ...week, description: description.trim() });
  };

  return (
    <section aria-labelledby="fg-post-challenge" className="fg-challenges__post">
      <h2 id="fg-post-challenge">Post a challenge</h2>
      <form onSubmit={submit} noValidate className="fg-challenges__form">
        <WeekCalendar selected={week} onSelect={setWeek} taken={challenges} today={browserScoreDay()} />
        <div className="fg-challenges__fields">
          <p className="fg-challenges__chosen" role="status">
            {week ? `${weekTitle(week)} (${weekRange(week)})` : 'No week chosen yet: choose a week number or a day in the calendar.'}
          </p>
          <div className="fg-form-field">
            <TextAreaField
              label="Description"
              rows={5}
              value={description}
              aria-invalid={problem !== null}
              aria-describedby={counterId}
              onChange={(event) => {
                setDescription(event.target.value);
                setProblem(null);
              }}
            />
            <span id={counterId} className="fg-challenges__count">
              {description.length}/{MAX_CHALLENGE_DESCRIPTION_LENGTH}
            </span>
            {problem ? (
              <p className="fg-field-error" role="alert">
                {problem}
              </p>
            ) : null}
          </div>
          <Button type="submit" variation="primary" isDisabled={!week || description.trim() === ''} isLoading={post.isPending} loadingText="Posting…">
            Post
          </Button>
        </div>
      </form>
    </section>
  );
}

function ChallengeCards({ challenges, onFailure }: SectionProps) {
  const [filter, setFilter] = useState<ChallengeFilter>('all');
  // The admin's own day decides which week is this week, past and upcoming.
  const day = browserScoreDay();
  const shown = challenges.filter((challenge) => matchesFilter(challenge, filter, day));
  return (
    <section aria-labelledby="fg-challenge-weeks" className="fg-challenges__weeks">
      <div className="fg-challenges__weeks-bar">
        <h2 id="fg-challenge-weeks">Challenges</h2>
        <div role="group" aria-label="Which challenges" className="fg-challenges__filters">
          {CHALLENGE_FILTERS.map(({ value, label }) => (
            <Button
              key={value}
              size="small"
              variation={filter === value ? 'primary' : undefined}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No data available" description="Post a challenge for a week with the calendar above." />
      ) : (
        <ul className="fg-challenges__cards">
          {shown.map((challenge) => (
            <ChallengeCard key={challenge.id} challenge={challenge} today={day} onFailure={onFailure} />
          ))}
        </ul>
      )}
    </section>
  );
}

const TIMING_LABELS = { past: 'Past', current: 'This week', upcoming: 'Upcoming' } as const;

function ChallengeCard({ challenge, today: day, onFailure }: { challenge: WeeklyChallenge; today: string; onFailure: (message: string) => void }) {
  const toast = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  // Each then has the challenges asked again.
  const save = useUpdateWeeklyChallenge(challenge.id, {
    onSuccess: () => {
      setEditing(null);
      toast.success('The challenge was updated.');
    },
    onError: (error) => onFailure(messageOf('updating', error)),
  });
  const remove = useDeleteWeeklyChallenge(challenge.id, {
    onSuccess: () => {
      setConfirming(false);
      toast.success('The challenge was deleted.');
    },
    onError: (error) => {
      setConfirming(false);
      onFailure(messageOf('deleting', error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing === null) return;
    const reason = descriptionProblem(editing);
    setProblem(reason);
    if (reason === null) save.mutate(editing.trim());
  };

  const timing = timingOf(challenge, day);
  return (
    <li className="fg-challenge-card" data-timing={timing} aria-labelledby={headingId}>
      <header className="fg-challenge-card__header">
        <h3 id={headingId}>{weekTitle(challenge)}</h3>
        <span className="fg-challenge-card__timing">{TIMING_LABELS[timing]}</span>
      </header>
      <p className="fg-challenge-card__range">{weekRange(challenge)}</p>
      {editing === null ? (
        <>
          <p className="fg-challenge-card__description">{challenge.description}</p>
          <div className="fg-challenge-card__actions">
            <Button size="small" onClick={() => setEditing(challenge.description)} aria-label={`Edit ${weekTitle(challenge)}`}>
              Edit
            </Button>
            <Button size="small" onClick={() => setConfirming(true)} aria-label={`Delete ${weekTitle(challenge)}`}>
              Delete
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate className="fg-challenge-card__edit">
          <TextAreaField
            label={`Description of ${weekTitle(challenge)}`}
            rows={4}
            value={editing}
            aria-invalid={problem !== null}
            onChange={(event) => {
              setEditing(event.target.value);
              setProblem(null);
            }}
          />
          {problem ? (
            <p className="fg-field-error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="fg-challenge-card__actions">
            <Button size="small" onClick={() => setEditing(null)} isDisabled={save.isPending}>
              Cancel
            </Button>
            <Button
              size="small"
              type="submit"
              variation="primary"
              isLoading={save.isPending}
              loadingText="Saving…"
              isDisabled={editing.trim() === ''}
            >
              Save
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete challenge"
        busy={remove.isPending}
        onAccept={() => remove.mutate()}
        onDecline={() => setConfirming(false)}
      >
        <p>You are about to delete the challenge of {weekTitle(challenge)}. Are you sure you want to proceed?</p>
      </ConfirmDialog>
    </li>
  );
}
