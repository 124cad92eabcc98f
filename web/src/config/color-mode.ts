/** The theme's name and its colour modes, as the page's data attributes name them (styles/theme.css). */
export const THEME_NAME = 'fitgauge';

export type ColorMode = 'dark' | 'light';
/** What the account page's Appearance switch offers: a mode, or whatever the system prefers. */
export type ColorModeChoice = ColorMode | 'system';

/** The spec's default: where neither the user nor the system has a preference. */
export const DEFAULT_COLOR_MODE: ColorMode = 'dark';

/** Where the device keeps the choice (none: the system's); index.html's first script applies it before the first paint. */
export const COLOR_MODE_KEY = 'fg.color-mode';
