import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConnectionBanner } from '@/components/ui/connection-banner/connection-banner';
import { ToastProvider } from '@/components/ui/toast/toast';
import { DEFAULT_COLOR_MODE, THEME_NAME } from '@/config/color-mode';
import { createQueryClient } from '@/lib/query-client';

/**
 * The FitGauge theme in the default (dark) colour mode: the attributes styles/theme.css selects on. The theme is
 * static CSS, so no theme code runs in the browser (Amplify UI's ThemeProvider built and injected it at start).
 */
export function ThemeShell({ children }: { children: ReactNode }) {
  return (
    <div data-amplify-theme={THEME_NAME} data-amplify-color-mode={DEFAULT_COLOR_MODE}>
      {children}
    </div>
  );
}

/** App-wide providers: theme, the server-state cache, toasts and the connection banner. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeShell>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
        <ConnectionBanner />
      </QueryClientProvider>
    </ThemeShell>
  );
}
