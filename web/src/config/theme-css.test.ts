import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_COLOR_MODE, fitGaugeTheme } from './theme';
import { themeCss } from './theme-css';

describe('the static theme (web/src/styles/theme.css)', () => {
  const written = readFileSync(join(__dirname, '..', 'styles', 'theme.css'), 'utf8');

  it('is what theme.ts gives (run `npx tsx scripts/write-theme-css.ts` after changing the theme)', () => {
    expect(written).toBe(themeCss(fitGaugeTheme, DEFAULT_COLOR_MODE));
  });

  it("holds the theme's own tokens and its dark surfaces", () => {
    expect(written).toContain('--amplify-colors-pillar-sleep: #a855f7;');
    expect(written).toMatch(/\[data-amplify-color-mode="dark"\] \{[^}]*--amplify-colors-background-primary: #0b1018;/);
  });
});
