import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast/toast';
import { DEFAULT_COLOR_MODE, fitGaugeTheme } from '@/config/theme';
import { createQueryClient } from '@/lib/query-client';

/** The FitGauge theme in the default (dark) colour mode. */
export function ThemeShell({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={fitGaugeTheme} colorMode={DEFAULT_COLOR_MODE}>
      {children}
    </ThemeProvider>
  );
}

/** App-wide providers: theme, the server-state cache and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeShell>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </ThemeShell>
  );
}
