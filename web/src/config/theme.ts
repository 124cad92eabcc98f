import { defaultDarkModeOverride, type Theme } from '@aws-amplify/ui';
import { PILLARS } from '@core/pillars';
import { THEME_NAME } from './color-mode';

// Pillar colours as tokens, for styles: var(--amplify-colors-pillar-<slug>). Charts paint SVG attributes, where
// CSS variables do not apply: they take pillarOf(slug).colour.hex from core.
const pillarTokens = Object.fromEntries(PILLARS.map((pillar) => [pillar.slug, { value: pillar.colour.hex }]));

// Readiness tiers as tokens, var(--amplify-colors-tier-<tier-slug>) (lib/score-display.ts tierColourToken): green to
// red, the scale team analytics counts the roster in. Bright in both colour modes, so dark text reads on them.
const tierTokens = {
  'game-on': { value: '#22c55e' },
  'moderately-ready': { value: '#facc15' },
  'subpar-ready': { value: '#f97316' },
  'not-ready': { value: '#ef4444' },
};

/** The theme's source; the browser gets it as static CSS (styles/theme.css, written by scripts/write-theme-css.ts). */
export const fitGaugeTheme: Theme = {
  name: THEME_NAME,
  tokens: {
    colors: { pillar: pillarTokens, tier: tierTokens },
    fonts: {
      default: {
        variable: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif" },
        static: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
  },
  overrides: [
    defaultDarkModeOverride,
    {
      // Deep navy surfaces instead of Amplify's grey, so the coloured scores stand out.
      colorMode: 'dark',
      tokens: {
        colors: {
          background: {
            primary: { value: '#0b1018' },
            secondary: { value: '#121a26' },
            tertiary: { value: '#1a2433' },
          },
          border: {
            primary: { value: '#2a3648' },
            secondary: { value: '#222d3d' },
          },
          // Amplify's red-60 (#bf4040) reads at 3.4:1 on the navy and under dark button text: a lighter red
          // keeps destructive buttons and warning text at WCAG AA (4.5:1) or better.
          red: { 60: { value: '#ef6b6b' } },
          font: {
            primary: { value: '#e6edf5' },
            secondary: { value: '#a9b6c6' },
            tertiary: { value: '#8593a6' },
          },
        },
      },
    },
    {
      // The light theme: Amplify's light scales (its defaults) under white surfaces and slate text, each text colour
      // at WCAG AA (4.5:1) or better on every surface, borders at 3:1 on white (docs/ui-kit.md, "Theme").
      colorMode: 'light',
      tokens: {
        colors: {
          // The brand teal of links and the current page (primary-80) is 4.0:1 on the tertiary surface: darker, 5.3:1.
          teal: { 80: { value: 'hsl(190, 95%, 25%)' } },
          background: {
            primary: { value: '#ffffff' },
            secondary: { value: '#f2f5f9' },
            tertiary: { value: '#e4eaf1' },
          },
          border: {
            primary: { value: '#8492a3' },
            secondary: { value: '#c9d2dd' },
          },
          font: {
            primary: { value: '#111827' },
            secondary: { value: '#3d4b5c' },
            tertiary: { value: '#526175' },
          },
        },
      },
    },
  ],
};
