/**
 * The FitGauge theme as static CSS (web/src/styles/theme.css), so no theme code runs in the browser: Amplify UI's
 * ThemeProvider builds and injects the whole token sheet (about 136 KB of CSS text) on every start. Only what differs
 * from Amplify UI's default tokens (styles/amplify-ui.css imports them) is written, then one rule per colour mode
 * (dark and light), selected by the page's data-amplify-color-mode: index.html's first script picks the mode, so
 * Amplify's `system` rules are left out. web/src/config/theme-css.test.ts fails when theme.css differs from this;
 * `npx tsx scripts/write-theme-css.ts` writes it again.
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

export function themeCss(theme: Theme): string {
  const { cssText } = createTheme(theme);
  const defaults = declarations(createTheme({ name: theme.name }).cssText);
  const themeSelector = `[data-amplify-theme="${theme.name}"]`;
  const changed = [...declarations(ruleBody(cssText, themeSelector))].filter(([name, value]) => defaults.get(name) !== value);
  const lines = (pairs: [string, string][]) => pairs.map(([name, value]) => `  ${name}: ${value};\n`).join('');
  // Each override of a colour mode is one top-level rule (the `system` ones are indented in @media), in the theme's
  // order: later ones win, as in the injected sheet.
  const modeRules = [...cssText.matchAll(/^\[data-amplify-theme="[^"]+"\]\[data-amplify-color-mode="(dark|light)"\] \{([^}]*)\}/gm)].map(
    ([, mode, body]) => `${themeSelector}[data-amplify-color-mode="${mode}"] {\n${lines([...declarations(body!)])}  color-scheme: ${mode};\n}\n`,
  );
  return [
    `/* Written by scripts/write-theme-css.ts from web/src/config/theme.ts: do not edit. */\n`,
    `${themeSelector} {\n${lines(changed)}}\n`,
    ...modeRules,
  ].join('\n');
}
