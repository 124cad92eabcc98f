/** Writes web/src/styles/theme.css, the static form of the web app's theme (see web/src/config/theme-css.ts). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fitGaugeTheme } from '../web/src/config/theme';
import { themeCss } from '../web/src/config/theme-css';

writeFileSync(fileURLToPath(new URL('../web/src/styles/theme.css', import.meta.url)), themeCss(fitGaugeTheme));
