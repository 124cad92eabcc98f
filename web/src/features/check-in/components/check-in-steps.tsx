import { shiftDay } from '@core/dates';
import { GAMING_TODAY_SLUG, type Question } from '@core/questionnaire';
import { type CSSProperties, Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ChoiceChip } from '@/components/inputs/choice-chip';
import { Button } from '@/components/ui/button/button';
import { pillarColourToken } from '@/lib/score-display';
import { useMyAnswersOfDay } from '../api/check-in-queries';
import { answerChange, answeredCount, type CheckInForm, chosenOf, fillFromYesterday } from '../lib/check-in-form';
import { advanceAfter, type CheckInStep, checkInSteps } from '../lib/check-in-steps';
import { QuestionField } from './question-field';

interface CheckInStepsProps {
  /** Today's score day; "Same as yesterday" reads the day before. */
  date: string;
  form: CheckInForm;
  onChange: (next: Partial<CheckInForm>) => void;
  /** The form's submit button, on the last step only: a question skipped on the way scores 0 (docs/scoring.md). */
  submit: () => ReactNode;
  /** Sending's error and status, always in the action bar so they show where the gamer's thumb is. */
  messages: ReactNode;
}

/**
 * The check-in one step at a time (lib/check-in-steps.ts): a tap on a single-choice answer moves on to the next
 * question, or past a step's last one to the next step, whose heading then takes focus. Keyboard choices (arrow keys,
 * Space) never move on by themselves; Back and Next do.
 */
export function CheckInSteps({ date, form, onChange, submit, messages }: CheckInStepsProps) {
  const steps = checkInSteps(form);
  const [requested, setRequested] = useState(0);
  const index = Math.min(requested, steps.length - 1);
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const top = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const moved = useRef(false);
  const headingId = useId();
  // What "Same as yesterday" filled in: said in the progress area, not in a toast over the action bar's Submit.
  const [filledNote, setFilledNote] = useState<string | null>(null);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus({ preventScroll: true });
    top.current?.scrollIntoView({ block: 'start' });
  }, [index]);

  const goTo = (next: number) => {
    if (next === index) return;
    moved.current = true;
    setRequested(next);
  };

  const onPicked = (question: Question) => {
    const advance = advanceAfter(steps, index, question.slug);
    if (advance.to === 'step') goTo(advance.index);
    else section.current?.querySelector(`[data-question="${advance.slug}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  const colour = step.pillar ? pillarColourToken(step.pillar) : undefined;
  return (
    <div className="fg-check-in-steps">
      <div ref={top} className="fg-check-in-progress">
        <p className="fg-check-in-progress__label">
          Step {index + 1} of {steps.length}
        </p>
        <div
          className="fg-check-in-progress__bar"
          role="progressbar"
          aria-label="Check-in progress"
          aria-valuemin={1}
          aria-valuemax={steps.length}
          aria-valuenow={index + 1}
          aria-valuetext={`Step ${index + 1} of ${steps.length}: ${step.title}`}
        >
          <span style={{ width: `${((index + 1) / steps.length) * 100}%` }} />
        </div>
        <SameAsYesterday
          date={date}
          form={form}
          onChange={onChange}
          onFilled={(filled) => {
            setFilledNote(`Yesterday's answers filled in ${filled} ${filled === 1 ? 'question' : 'questions'}: check them, then Submit.`);
            // Straight to the review with Submit (the last step, whichever it is once yesterday's gaming answer is in):
            // two taps send yesterday's answers again.
            goTo(Number.MAX_SAFE_INTEGER);
          }}
        />
        {filledNote ? (
          <p className="fg-check-in-progress__note" role="status">
            {filledNote}
          </p>
        ) : null}
      </div>

      <section
        ref={section}
        className="fg-pillar-section fg-check-in-step"
        aria-labelledby={headingId}
        style={colour ? ({ '--fg-pillar-colour': colour } as CSSProperties) : undefined}
      >
        <header className="fg-pillar-section__header">
          <h3 id={headingId} ref={heading} tabIndex={-1}>
            {step.title}
          </h3>
          {step.pillar ? (
            <span className="fg-pillar-section__count">
              {answeredCount(form, step.questions)} of {step.questions.length} answered
            </span>
          ) : null}
        </header>
        {step.questions.map((question) => (
          <QuestionField
            key={question.slug}
            question={question}
            chosen={chosenOf(form, question)}
            colour={colour}
            required={question.slug === GAMING_TODAY_SLUG}
            onChange={(chosen) => onChange(answerChange(form, question, chosen))}
            onPicked={() => onPicked(question)}
          />
        ))}
        {last ? <LastStep form={form} steps={steps} onChange={onChange} onEdit={goTo} /> : null}
      </section>

      <div className="fg-check-in__actions">
        {messages}
        <div className="fg-check-in__nav">
          {index > 0 ? (
            <Button size="large" onClick={() => goTo(index - 1)}>
              Back
            </Button>
          ) : null}
          {/* Keyed apart: were Next's <button> reused for Submit, a tap on Next that opens the last step would send the
              check-in (a real tap runs React's update before the button's default action, which then sees a submit button). */}
          {last ? (
            <Fragment key="submit">{submit()}</Fragment>
          ) : (
            <Button key="next" variation="primary" size="large" onClick={() => goTo(index + 1)}>
              Next
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

interface SameAsYesterdayProps extends Pick<CheckInStepsProps, 'date' | 'form' | 'onChange'> {
  onFilled: (filled: number) => void;
}

/** One tap puts yesterday's answers into the questions still unanswered, for review; offered while it would fill any. */
function SameAsYesterday({ date, form, onChange, onFilled }: SameAsYesterdayProps) {
  const yesterday = shiftDay(date, -1);
  // A closed day's answers no longer change; a failed read just leaves the button out.
  const answers = useMyAnswersOfDay(yesterday);
  const fill = fillFromYesterday(form, answers.data ?? []);
  if (fill.filled === 0) return null;
  return (
    <Button
      className="fg-check-in-progress__same"
      onClick={() => {
        onChange({ choices: fill.form.choices });
        onFilled(fill.filled);
      }}
    >
      Same as yesterday
    </Button>
  );
}

interface LastStepProps {
  form: CheckInForm;
  steps: readonly CheckInStep[];
  onChange: (next: Partial<CheckInForm>) => void;
  onEdit: (stepIndex: number) => void;
}

/** The videos question, and what is answered per step with a way back to each, to review before Submit. */
function LastStep({ form, steps, onChange, onEdit }: LastStepProps) {
  return (
    <>
      <fieldset className="fg-question">
        <legend className="fg-question__text">Did you watch FitGauge videos today? Watching adds 10 points to today&apos;s FG Score.</legend>
        <div className="fg-chips">
          <ChoiceChip
            type="checkbox"
            name="watchedVideos"
            value="true"
            label="Watched videos"
            checked={form.watchedVideos}
            onChange={(checked) => onChange({ watchedVideos: checked })}
          />
        </div>
      </fieldset>
      <nav className="fg-check-in-review" aria-label="Review your answers">
        <ul>
          {steps.slice(0, -1).map((step, stepIndex) => (
            <li key={step.id}>
              <button type="button" className="fg-text-button" onClick={() => onEdit(stepIndex)}>
                {step.id === 'gaming'
                  ? `${step.title}: ${form.gaming ? 'gaming' : 'not gaming'}`
                  : `${step.title}: ${answeredCount(form, step.questions)} of ${step.questions.length} answered`}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
