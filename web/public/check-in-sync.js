/* global self */
// Background Sync for the offline check-in queue, imported by the service worker Workbox generates (web/vite.config.ts).
// Sending needs the signed-in page (its session and API client), so the worker only wakes the open pages; with none
// open, the app sends the queue when it next starts. The tag and the message are those of
// web/src/features/check-in/api/use-check-in-sender.ts.
self.addEventListener('sync', (event) => {
  if (event.tag !== 'fitgauge-check-ins') return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage({ type: 'fitgauge-flush-check-ins' });
    }),
  );
});
