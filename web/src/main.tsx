import './styles/amplify-ui.css';
import './styles/theme.css';
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadRoute } from './app/router';
import { ThemeShell } from './app/provider';
import { StartupError } from './components/errors/startup-error';
import { loadRuntimeConfig } from './config/runtime-config';
import { installPlainRealtimeWebSocket } from './lib/realtime-url';

/** How long after the page's load the service worker is registered. */
const SERVICE_WORKER_DELAY_MS = 5_000;

const root = createRoot(document.getElementById('root')!);
preloadRoute(window.location);

// Endpoints and pool ids come from /config.json, read before anything renders.
loadRuntimeConfig().then(
  (config) => {
    // The local gateway speaks plain ws://; installed before anything (Amplify included, when it loads) opens a socket.
    if (config.mode === 'local') installPlainRealtimeWebSocket(window, config.graphqlEndpoint);
    // In a transition, React's first mount yields to the browser every few milliseconds instead of blocking it in one
    // long task (docs/performance.md).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    // The installable app's service worker, a few seconds after the page has loaded: registering it and the precache
    // it then downloads (1.5 MB) must not compete with the first page on a phone (docs/performance.md).
    if ('serviceWorker' in navigator && import.meta.env.PROD) {
      const register = () => void import('./app/app-updates').then((updates) => updates.registerAppUpdates());
      const later = () => setTimeout(register, SERVICE_WORKER_DELAY_MS);
      if (document.readyState === 'complete') later();
      else window.addEventListener('load', later, { once: true });
    }
  },
  (error: unknown) => {
    root.render(
      <ThemeShell>
        <StartupError error={error} />
      </ThemeShell>,
    );
  },
);
