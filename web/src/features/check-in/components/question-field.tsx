import type { Question } from '@core/questionnaire';
import { type MouseEvent, useId } from 'react';
import { ChoiceChip } from '@/components/inputs/choice-chip';
import { toggleChoice } from '../lib/check-in-form';

interface QuestionFieldProps {
  question: Question;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
  /** The pillar colour token for chosen answers. */
  colour?: string;
  /** Always answered (no way to clear it). */
  required?: boolean;
  /** A single-choice answer was tapped or clicked, even the one already chosen: the check-in moves on. */
  onPicked?: () => void;
}

/** One question as a fieldset: its text as the legend, the options as chips, and a way to take the answer back. */
export function QuestionField({ question, chosen, onChange, colour, required = false, onPicked }: QuestionFieldProps) {
  const multiple = question.kind === 'multiple';
  const legendId = useId();
  // Arrow keys and Space click a radio too, with detail 0: only a pointer's click (detail 1 or more) moves on.
  const onClick = (event: MouseEvent<HTMLFieldSetElement>) => {
    if (!multiple && event.detail > 0 && event.target instanceof HTMLInputElement) onPicked?.();
  };
  return (
    <fieldset className="fg-question" data-question={question.slug} onClick={onClick}>
      <legend id={legendId} className="fg-question__text">
        {question.text}
        {multiple ? <span className="fg-question__hint"> Tick all that apply.</span> : null}
      </legend>
      <div className="fg-chips">
        {question.options.map((option) => (
          <ChoiceChip
            key={option.value}
            type={multiple ? 'checkbox' : 'radio'}
            name={question.slug}
            value={option.value}
            label={option.label}
            checked={chosen.includes(option.value)}
            colour={colour}
            onChange={(checked) => onChange(toggleChoice(question, chosen, option.value, checked))}
          />
        ))}
      </div>
      {chosen.length > 0 && !required ? (
        <button type="button" className="fg-text-button fg-question__clear" aria-describedby={legendId} onClick={() => onChange([])}>
          Clear answer
        </button>
      ) : null}
    </fieldset>
  );
}
