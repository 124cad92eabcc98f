import type { ChangeEvent, CSSProperties } from 'react';
import './choice-chip.css';

interface ChoiceChipProps {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Colour of the chosen chip (a theme token), e.g. the pillar's. */
  colour?: string;
}

/** A radio or checkbox drawn as a large pill: a real input (arrow keys, Space, screen readers) with a 44px tap target. */
export function ChoiceChip({ type, name, value, label, checked, onChange, colour }: ChoiceChipProps) {
  const style = colour ? ({ '--fg-chip-colour': colour } as CSSProperties) : undefined;
  return (
    <label className="fg-chip" style={style}>
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.checked)}
      />
      <span className="fg-chip__tick" aria-hidden="true">
        ✓
      </span>
      {label}
    </label>
  );
}
