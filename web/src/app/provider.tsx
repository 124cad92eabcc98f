import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConnectionBanner } from '@/components/ui/connection-banner/connection-banner';
import { ToastProvider } from '@/components/ui/toast/toast';
import { createQueryClient } from '@/lib/query-client';

/**
 * The app's outer element. The theme and its colour mode are <html>'s attributes (styles/theme.css selects on them),
 * set by index.html's first script before the first paint: no theme code runs in React.
 */
export function ThemeShell({ children }: { children: ReactNode }) {
  return <div className="fg-shell">{children}</div>;
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
