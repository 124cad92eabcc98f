import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert/alert';
import { Button } from '@/components/ui/button/button';
import { formatInstant, formatScoreDay } from '@/lib/score-display';
import type { CheckInDay } from '../api/check-in';
import { useMyCheckIn } from '../api/check-in-queries';
import { useCheckInSender, useQueuedCheckInDates } from '../api/use-check-in-sender';
import { answersOf, type CheckInForm, checkInFormProblem, formFromDay } from '../lib/check-in-form';
import { CheckInSteps } from './check-in-steps';
import { DayScores } from './day-scores';
import { WeekChallenge } from './week-challenge';
import '../check-in.css';
import { LoadError } from '@/components/errors/load-error';
import { PageLoader } from '@/components/ui/page-loader';

/**
 * /home/check-in: today's questions one pillar at a time (CheckInSteps), sent as one check-in, then today's scores and
 * `afterSend` (the app's reminder offer).
 */
export function CheckInPage({ afterSend }: { afterSend?: ReactNode }) {
  const checkIn = useMyCheckIn();
  if (checkIn.isPending) {
    // Opened without a connection (the service worker's app): the read waits for it, and says so.
    return checkIn.fetchStatus === 'paused' ? <OfflineCheckIn /> : <PageLoader label="Loading your check-in…" />;
  }
  if (checkIn.isError) {
    return <LoadError heading="Your check-in could not be loaded" error={checkIn.error} onRetry={() => void checkIn.refetch()} />;
  }
  // A new score day (after 4 am) starts a fresh form.
  return <CheckInEditor key={checkIn.data.date} day={checkIn.data} afterSend={afterSend} />;
}

const waitingToSend = (date: string) =>
  `Waiting to send: your check-in for ${formatScoreDay(date)} is kept on this device and goes out when you are back online.`;

/** The page opened offline: today's questions need the server, but a check-in kept on this device still shows. */
function OfflineCheckIn() {
  const waiting = useQueuedCheckInDates();
  return (
    <div className="fg-page fg-check-in">
      <header className="fg-page__header">
        <h1>Daily check-in</h1>
      </header>
      <Alert variation="info">You are offline. Today&apos;s questions load when the connection returns.</Alert>
      <p className="fg-check-in__status" role="status">
        {waiting.map(waitingToSend).join(' ')}
      </p>
    </div>
  );
}

function CheckInEditor({ day, afterSend }: { day: CheckInDay; afterSend: ReactNode }) {
  const [form, setForm] = useState<CheckInForm>(() => formFromDay(day));
  const [problem, setProblem] = useState<string | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const scoresHeading = useRef<HTMLHeadingElement>(null);

  // Through the device's queue: answers given offline wait there ("Waiting to send") and go out with the connection.
  // Set when a send is stored, cleared once the new scores took focus: the scores may arrive in a later render.
  const focusScores = useRef(false);
  const send = useCheckInSender(day.date, () => {
    focusScores.current = true;
    setSentCount((count) => count + 1);
  });

  // After each submission the new scores take focus, so they are read out and scrolled into view.
  useEffect(() => {
    if (!focusScores.current || !scoresHeading.current) return;
    scoresHeading.current.focus();
    focusScores.current = false;
  }, [sentCount, day, send.status]);

  const update = (next: Partial<CheckInForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setProblem(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const reason = checkInFormProblem(form);
    setProblem(reason);
    if (reason === null) void send.send({ answers: answersOf(form), watchedVideos: form.watchedVideos });
  };

  const error = problem ?? send.error;
  return (
    <div className="fg-page fg-check-in">
      <header className="fg-page__header">
        <h1>Daily check-in</h1>
        <p>
          Score day {formatScoreDay(day.date)}. You can correct your answers until {formatInstant(day.closesAt)}; sending again replaces them.
        </p>
      </header>

      <WeekChallenge />

      {day.checkedIn ? <DayScores day={day} headingRef={scoresHeading} /> : null}
      {sentCount > 0 ? afterSend : null}

      <form className="fg-check-in__form" onSubmit={onSubmit} noValidate aria-labelledby="fg-check-in-answers">
        <h2 id="fg-check-in-answers">{day.checkedIn ? 'Your answers' : "Today's questions"}</h2>

        <CheckInSteps
          date={day.date}
          form={form}
          onChange={update}
          submit={() => (
            <Button type="submit" variation="primary" size="large" isLoading={send.status === 'sending'} loadingText="Sending…">
              Submit
            </Button>
          )}
          messages={
            <>
              {error ? (
                <Alert variation="error" role="alert" className="fg-check-in__error">
                  {error}
                </Alert>
              ) : null}
              <p className="fg-check-in__status" role="status">
                {send.status === 'sending'
                  ? 'Sending your answers…'
                  : send.status === 'waiting'
                    ? waitingToSend(day.date)
                    : sentCount > 0
                      ? "Saved. Today's scores are updated."
                      : ''}
              </p>
            </>
          }
        />
      </form>
    </div>
  );
}
