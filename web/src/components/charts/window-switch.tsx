import type { DayWindow } from '@core/dates';
import { ChoiceChip } from '@/components/inputs/choice-chip';
import { rangeProblem, SCORE_WINDOWS, type WindowChoice } from './chart-data';
import './charts.css';

interface WindowSwitchProps {
  /** Names the radio group (two switches on one page need two names). */
  name: string;
  value: WindowChoice;
  onChange: (choice: WindowChoice) => void;
  /** Given, a Custom choice opens two date fields, starting from this window (the one on screen). */
  customFrom?: DayWindow | null;
}

/** The window of a score page: 7, 30 or 90 days, and optionally a custom range of dates. */
export function WindowSwitch({ name, value, onChange, customFrom }: WindowSwitchProps) {
  const custom = !('days' in value);
  const problem = rangeProblem(value);
  return (
    <fieldset className="fg-window-switch">
      <legend className="fg-visually-hidden">Window</legend>
      <div className="fg-chips">
        {SCORE_WINDOWS.map((days) => (
          <ChoiceChip
            key={days}
            type="radio"
            name={name}
            value={String(days)}
            label={`${days} days`}
            checked={'days' in value && value.days === days}
            onChange={(checked) => checked && onChange({ days })}
          />
        ))}
        {customFrom !== undefined ? (
          <ChoiceChip
            type="radio"
            name={name}
            value="custom"
            label="Custom"
            checked={custom}
            onChange={(checked) => checked && customFrom && onChange({ startDate: customFrom.startDate, endDate: customFrom.endDate })}
          />
        ) : null}
      </div>
      {custom ? (
        <div className="fg-window-range">
          <label>
            From
            <input
              type="date"
              value={value.startDate}
              max={value.endDate}
              onChange={(event) => onChange({ ...value, startDate: event.target.value })}
            />
          </label>
          <label>
            To
            <input
              type="date"
              value={value.endDate}
              min={value.startDate}
              onChange={(event) => onChange({ ...value, endDate: event.target.value })}
            />
          </label>
          {problem ? (
            <p role="alert" className="fg-field-error">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
