/**
 * `GET /api/v1/storeLink` sends a visitor to the mobile app's store page for their platform (docs/product.md, "Public
 * and session routes"). The addresses are configuration (APP_STORE_URL and PLAY_STORE_URL of the links function, from
 * the CDK context keys appStoreUrl and playStoreUrl). The spec names none: the defaults are store searches for
 * "FitGauge", which work today and need no app id; set the listing URLs when the apps exist.
 */
export const APP_STORE_URL = 'https://apps.apple.com/us/search?term=FitGauge';
export const PLAY_STORE_URL = 'https://play.google.com/store/search?q=FitGauge&c=apps';

export interface StoreUrls {
  appStore: string;
  playStore: string;
}

/** Android goes to the Play Store; everyone else (iPhone, iPad, Mac, other desktops, no user agent) to the App Store. */
export function storeLinkFor(
  userAgent: string | null | undefined,
  stores: StoreUrls = { appStore: APP_STORE_URL, playStore: PLAY_STORE_URL },
): string {
  return /android/i.test(userAgent ?? '') ? stores.playStore : stores.appStore;
}
