import { ALL_TIME_START, DATE_RANGE_PRESETS, type DateRangePreset, presetWindow } from '@core/date-range-presets';
import { useId } from 'react';
import { ErrorLine, SelectField } from './fields';

/** A chosen range: a preset, and for custom the days typed (both included). */
export interface DateRange {
  preset: DateRangePreset;
  startDate: string;
  endDate: string;
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The days a range stands for on `today`; all time has no bound (null), or starts at ALL_TIME_START where one is needed. */
export function rangeDays(range: DateRange, today = todayUtc()): { startDate: string; endDate: string } | null {
  if (range.preset === 'custom') return { startDate: range.startDate, endDate: range.endDate };
  return presetWindow(range.preset, today);
}

export const boundedRangeDays = (range: DateRange, today = todayUtc()) => rangeDays(range, today) ?? { startDate: ALL_TIME_START, endDate: today };

/** A range of the preset, with custom days starting from the preset's own. */
export function rangeOf(preset: DateRangePreset, today = todayUtc()): DateRange {
  const days = presetWindow(preset, today) ?? { startDate: ALL_TIME_START, endDate: today };
  return { preset, ...days };
}

/** Why a custom range cannot be asked for, or null. */
export function rangeProblem(range: DateRange): string | null {
  if (range.preset !== 'custom') return null;
  if (!range.startDate || !range.endDate) return 'Choose both dates.';
  return range.startDate > range.endDate ? 'The start date is after the end date.' : null;
}

/** The date-range choice of the admin reports (presets: docs/billing.md, "The pages"); custom shows two date inputs. */
export function DateRangeField({
  value,
  onChange,
  label = 'Date range',
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
  label?: string;
}) {
  const id = useId();
  const problem = rangeProblem(value);
  return (
    <fieldset className="fg-admin-range">
      <legend className="amplify-label">{label}</legend>
      <SelectField
        label={`${label} preset`}
        labelHidden
        value={value.preset}
        options={DATE_RANGE_PRESETS.map(({ id: preset, label: presetLabel }) => ({ value: preset, label: presetLabel }))}
        onChange={(preset) => onChange(preset === 'custom' ? { ...value, preset } : rangeOf(preset))}
      />
      {value.preset === 'custom' ? (
        <div className="fg-admin-range__days">
          <label htmlFor={`${id}-from`}>From</label>
          <input
            id={`${id}-from`}
            type="date"
            className="amplify-input"
            value={value.startDate}
            max={value.endDate}
            onChange={(event) => onChange({ ...value, startDate: event.target.value })}
          />
          <label htmlFor={`${id}-to`}>To</label>
          <input
            id={`${id}-to`}
            type="date"
            className="amplify-input"
            value={value.endDate}
            min={value.startDate}
            onChange={(event) => onChange({ ...value, endDate: event.target.value })}
          />
        </div>
      ) : null}
      <ErrorLine message={problem} />
    </fieldset>
  );
}
