import { ThemeProvider } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { fitGaugeTheme } from '@/config/theme';
import { useColorMode } from '@/hooks/use-color-mode';

/**
 * Amplify UI's ThemeProvider, for pages that still use Amplify UI's own components: without it each of them builds
 * the whole default theme again on every render (about 30 ms). It costs the same once per mount (and injects the
 * theme's CSS), so the first pages (sign-in, simulator, the UI kit) do without it: the kit wears Amplify UI's
 * classes and the theme is static CSS (docs/performance.md). Its element declares the theme's tokens again, so it
 * takes the page's colour mode.
 */
export function AmplifyTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={fitGaugeTheme} colorMode={useColorMode()}>
      {children}
    </ThemeProvider>
  );
}
