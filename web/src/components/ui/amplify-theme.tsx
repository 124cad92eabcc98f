import { ThemeProvider } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { DEFAULT_COLOR_MODE, fitGaugeTheme } from '@/config/theme';

/**
 * Amplify UI's ThemeProvider, for pages that still use Amplify UI's own components: without it each of them builds
 * the whole default theme again on every render (about 30 ms). It costs the same once per mount (and injects the
 * theme's CSS), so the first pages (sign-in, simulator, the UI kit) do without it: the kit wears Amplify UI's
 * classes and the theme is static CSS (docs/performance.md).
 */
export function AmplifyTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={fitGaugeTheme} colorMode={DEFAULT_COLOR_MODE}>
      {children}
    </ThemeProvider>
  );
}
