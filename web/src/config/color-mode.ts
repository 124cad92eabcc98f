/** The theme's name and the spec's default colour mode, as the page's data attributes name them (styles/theme.css). */
export const THEME_NAME = 'fitgauge';
export const DEFAULT_COLOR_MODE = 'dark' as const;
