import { useId, useState } from 'react';
import { ChoiceChip } from '@/components/inputs/choice-chip';
import type { ColorModeChoice } from '@/config/color-mode';
import { storeColorModeChoice, storedColorModeChoice } from '@/hooks/use-color-mode';

const CHOICES: { value: ColorModeChoice; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
];

/** The theme of this device: dark (the spec's default, whatever the system says), the system's, or light (docs/ui-kit.md, "Theme"). */
export function AppearanceSection() {
  const headingId = useId();
  const [choice, setChoice] = useState(storedColorModeChoice);
  const choose = (next: ColorModeChoice) => {
    storeColorModeChoice(next);
    setChoice(next);
  };
  return (
    <section className="fg-account__appearance" aria-labelledby={headingId}>
      <h2 id={headingId}>Appearance</h2>
      <fieldset>
        <legend>Theme</legend>
        <p>Dark unless you choose otherwise; System follows your device's setting. Kept on this device.</p>
        <div className="fg-chips">
          {CHOICES.map(({ value, label }) => (
            <ChoiceChip
              key={value}
              type="radio"
              name="color-mode"
              value={value}
              label={label}
              checked={choice === value}
              onChange={(checked) => checked && choose(value)}
            />
          ))}
        </div>
      </fieldset>
    </section>
  );
}
