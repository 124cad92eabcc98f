import { createRoot } from 'react-dom/client';
import { Button } from '@/components/ui/button/button';

export const UPDATE_READY = 'A new version of FitGauge is ready.';

/** The prompt a waiting new version shows: Reload starts it now, Later keeps the page as it is until the next visit. */
function UpdatePrompt({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  return (
    <div className="fg-update-prompt" role="status">
      <span>{UPDATE_READY}</span>
      <Button size="small" variation="primary" onClick={onReload}>
        Reload
      </Button>
      <Button size="small" variation="link" onClick={onLater}>
        Later
      </Button>
    </div>
  );
}

function showUpdatePrompt(reload: () => void): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <UpdatePrompt
      onReload={reload}
      onLater={() => {
        root.unmount();
        host.remove();
      }}
    />,
  );
}

/** A worker that finished installing while another one controls the page: a new version, waiting for the user. */
function whenWaiting(serviceWorkers: ServiceWorkerContainer, registration: ServiceWorkerRegistration, ready: (worker: ServiceWorker) => void): void {
  if (registration.waiting && serviceWorkers.controller) ready(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && serviceWorkers.controller) ready(installing);
    });
  });
}

/**
 * Registers the service worker of the installable app (docs/architecture.md "Installable app"). Loaded once the
 * first page has drawn, so neither this nor the prompt weighs on it (a few lines instead of workbox-window, for the
 * sign-in page's budget). A new deployment's worker waits until the user says Reload (it then takes over, and the
 * page reloads under it), so no page changes version under the user's hands.
 */
export async function registerAppUpdates(serviceWorkers: ServiceWorkerContainer = navigator.serviceWorker): Promise<void> {
  const registration = await serviceWorkers.register('/sw.js', { scope: '/' });
  whenWaiting(serviceWorkers, registration, (worker) =>
    showUpdatePrompt(() => {
      serviceWorkers.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      // The message the generated worker (vite-plugin-pwa, prompt mode) waits for before it takes over.
      worker.postMessage({ type: 'SKIP_WAITING' });
    }),
  );
}
