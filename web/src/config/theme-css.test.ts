import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fitGaugeTheme } from './theme';
import { themeCss } from './theme-css';

describe('the static theme (web/src/styles/theme.css)', () => {
  const written = readFileSync(join(__dirname, '..', 'styles', 'theme.css'), 'utf8');

  it('is what theme.ts gives (run `npx tsx scripts/write-theme-css.ts` after changing the theme)', () => {
    expect(written).toBe(themeCss(fitGaugeTheme));
  });

  it("holds the theme's own tokens, its dark surfaces and its light ones, each mode with its browser colour scheme", () => {
    expect(written).toContain('--amplify-colors-pillar-sleep: #a855f7;');
    expect(written).toMatch(/\[data-amplify-color-mode="dark"\] \{[^}]*--amplify-colors-background-primary: #0b1018;[^}]*color-scheme: dark;/);
    expect(written).toMatch(/\[data-amplify-color-mode="light"\] \{[^}]*--amplify-colors-background-primary: #ffffff;[^}]*color-scheme: light;/);
  });
});
