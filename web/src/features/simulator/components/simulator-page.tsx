import { Button } from '@/components/ui/button/button';
import { CheckboxField } from '@/components/ui/form/checkbox-field';
import { TextField } from '@/components/ui/form/fields';
import { useMemo, useReducer, useState } from 'react';
import { ScoreTiles } from '@/components/scores/score-tile';
import { formatScoreDay, scoreEntry } from '@/lib/score-display';
import { localToday } from '../lib/calendar';
import { initialSimulatorState, type SimulationView, simulationOf, simulatorReducer } from '../lib/simulator-state';
import { MonthCalendar } from './month-calendar';
import '../simulator.css';

/**
 * The public score simulator (spec: Score simulator): pick days, give each a daily score and the Watched Videos box,
 * and see the final score and the streak, computed by the same fgScore function as the server (core/simulator.ts).
 */
export function SimulatorPage() {
  const [today] = useState(localToday);
  const [state, dispatch] = useReducer(simulatorReducer, initialSimulatorState);
  const view = useMemo(() => simulationOf(state), [state]);
  const active = state.active;
  const draft = active ? state.days[active] : undefined;

  return (
    <div className="fg-simulator">
      <header className="fg-simulator__intro">
        <h1>Score simulator</h1>
        <p>
          See how daily check-ins build the FG Score: pick days in the calendar, give each a daily score from 0 to 100 and tick Watched Videos for the
          days with a video. Days left out between picked days count as missed.
        </p>
      </header>

      <div className="fg-simulator__layout">
        <section className="fg-simulator__panel" aria-label="Days">
          <MonthCalendar
            today={today}
            days={state.days}
            active={active}
            problems={view.problems}
            onPick={(date) => dispatch({ type: 'pick', date })}
          />
        </section>

        <div className="fg-simulator__side">
          <section className="fg-simulator__panel fg-simulator__editor" aria-labelledby="fg-simulator-day">
            {active ? (
              <>
                <h2 id="fg-simulator-day">Day {formatScoreDay(active)}</h2>
                {draft ? (
                  <>
                    <TextField
                      label="Daily score"
                      descriptiveText="A whole number from 0 to 100."
                      inputMode="numeric"
                      autoComplete="off"
                      value={draft.score}
                      hasError={draft.score.trim() !== '' && view.problems[active] !== undefined}
                      errorMessage={view.problems[active]}
                      onChange={(event) => dispatch({ type: 'score', date: active, score: event.target.value })}
                    />
                    <CheckboxField
                      label="Watched Videos"
                      name="watchedVideos"
                      value="yes"
                      checked={draft.watchedVideos}
                      onChange={(event) => dispatch({ type: 'watched', date: active, watchedVideos: event.target.checked })}
                    />
                    <Button onClick={() => dispatch({ type: 'resetDay', date: active })}>Reset Day</Button>
                  </>
                ) : (
                  <>
                    <p>This day is not in the simulation.</p>
                    <Button onClick={() => dispatch({ type: 'pick', date: active })}>Add this day</Button>
                  </>
                )}
              </>
            ) : (
              <>
                <h2 id="fg-simulator-day">Day</h2>
                <p>Pick a day in the calendar to give it a daily score.</p>
              </>
            )}
          </section>

          <Results view={view} onResetAll={() => dispatch({ type: 'resetAll' })} />
        </div>
      </div>
    </div>
  );
}

function Results({ view, onResetAll }: { view: SimulationView; onResetAll: () => void }) {
  const { result, problems, pickedDays } = view;
  const missing = Object.keys(problems);
  const message =
    pickedDays.length === 0
      ? 'Pick days in the calendar to see the final score.'
      : missing.length > 0
        ? `Give ${missing.map(formatScoreDay).join(', ')} a daily score from 0 to 100 to see the final score.`
        : null;
  return (
    <section className="fg-simulator__panel fg-simulator__results" aria-labelledby="fg-simulator-results">
      <h2 id="fg-simulator-results">Result</h2>
      <div aria-live="polite">
        <ScoreTiles
          label="Final score and streak"
          entries={[
            { ...scoreEntry('fgScore', result?.finalScore ?? null), title: 'Final Score' },
            {
              type: 'streak',
              title: 'Streak Days',
              score: result ? result.streak : null,
              label: result ? `${result.streak === 1 ? 'day' : 'days'} in a row` : 'No data',
              colour: null,
            },
          ]}
        />
        {message ? <p className="fg-simulator__message">{message}</p> : null}
      </div>
      <Button onClick={onResetAll} isDisabled={pickedDays.length === 0}>
        Reset All Days
      </Button>
      {result && result.days.length > 0 ? (
        <details className="fg-simulator__breakdown">
          <summary>Day by day</summary>
          <div className="fg-simulator__table" role="region" aria-label="Day by day" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Daily score</th>
                  <th scope="col">FG Score</th>
                  <th scope="col">Streak</th>
                  <th scope="col">Videos</th>
                </tr>
              </thead>
              <tbody>
                {result.days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatScoreDay(day.date)}</th>
                    <td>{day.checkedIn ? view.dailyScores[day.date] : 'missed'}</td>
                    <td>{day.fgScore}</td>
                    <td>{day.streak}</td>
                    <td>{day.watchedVideos ? '+10' : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </section>
  );
}
