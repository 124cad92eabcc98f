/* global self */
// Web Push reminders (docs/reminders.md), imported by the service worker Workbox generates (web/vite.config.ts): a push
// carries { title, body, url } as lambdas/reminders/delivery.ts writes it; a click opens its url in a FitGauge window.
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'FitGauge', {
      body: message.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // One reminder at a time on the device: a newer one replaces the older.
      tag: 'fitgauge-reminder',
      data: { url: typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/home' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data.url, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((pages) => {
      const page = pages.find((candidate) => new URL(candidate.url).origin === self.location.origin);
      // navigate() is refused for a page the worker does not control: a new window then.
      if (page) return page.navigate(target).then((opened) => (opened || page).focus(), () => self.clients.openWindow(target));
      return self.clients.openWindow(target);
    }),
  );
});
