/** `GET /api/v1/storeLink` on the running local stack: served on the app's own origin, as the registry says. */
import { APP_STORE_URL, PLAY_STORE_URL } from '@core/store-link';
import { readStackInfo } from '../support/stack-env';

const storeLink = (userAgent: string) =>
  fetch(`${readStackInfo().urls.app}/api/v1/storeLink`, { headers: { 'user-agent': userAgent }, redirect: 'manual' });

describe('GET /api/v1/storeLink', () => {
  it('redirects an Android phone to the Play Store and an iPhone to the App Store', async () => {
    const android = await storeLink('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile');
    const iPhone = await storeLink('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148');
    expect([android.status, android.headers.get('location')]).toEqual([302, PLAY_STORE_URL]);
    expect([iPhone.status, iPhone.headers.get('location')]).toEqual([302, APP_STORE_URL]);
  });
});
