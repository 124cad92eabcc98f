/**
 * The FitGauge theme as static CSS (web/src/styles/theme.css), so no theme code runs in the browser: Amplify UI's
 * ThemeProvider builds and injects the whole token sheet (about 136 KB of CSS text) on every start. Only what differs
 * from Amplify UI's default tokens (styles/amplify-ui.css imports them) is written, and the dark colour mode, the
 * only one the app uses (the spec's default). web/src/config/theme-css.test.ts fails when theme.css differs from
 * this; `npx tsx scripts/write-theme-css.ts` writes it again.
 */
import { createTheme, type Theme } from '@aws-amplify/ui';

/** `--name: value` pairs of the first rule of a sheet Amplify's createTheme wrote, in order. */
function declarations(block: string): Map<string, string> {
  return new Map([...block.matchAll(/^\s*(--[\w-]+):\s*(.*);$/gm)].map(([, name, value]) => [name, value]));
}

const ruleBody = (cssText: string, selector: string) => {
  const start = cssText.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`No rule for ${selector} in the theme's CSS`);
  return cssText.slice(start, cssText.indexOf('}', start));
};

export function themeCss(theme: Theme, colorMode: 'dark'): string {
  const { cssText } = createTheme(theme);
  const defaults = declarations(createTheme({ name: theme.name }).cssText);
  const themeSelector = `[data-amplify-theme="${theme.name}"]`;
  const changed = [...declarations(ruleBody(cssText, themeSelector))].filter(([name, value]) => defaults.get(name) !== value);
  const modeSelector = `${themeSelector}[data-amplify-color-mode="${colorMode}"]`;
  // Each override of the colour mode is one rule; later ones win, as in the injected sheet.
  const modeRules = cssText
    .split(`\n${modeSelector} {`)
    .slice(1)
    .map((rule) => [...declarations(rule.slice(0, rule.indexOf('}')))]);
  const lines = (pairs: [string, string][]) => pairs.map(([name, value]) => `  ${name}: ${value};\n`).join('');
  return [
    `/* Written by scripts/write-theme-css.ts from web/src/config/theme.ts: do not edit. */\n`,
    `${themeSelector} {\n${lines(changed)}}\n`,
    ...modeRules.map((pairs) => `${modeSelector} {\n${lines(pairs)}  color-scheme: ${colorMode};\n}\n`),
  ].join('\n');
}
