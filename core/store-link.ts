/**
 * `GET /api/v1/storeLink` sends a visitor to the mobile app's store page for their platform (spec 000, public routes).
 * The spec names no store addresses: until the apps are published these are store searches for "FitGauge", which work
 * today and need no app id; replace them with the listing URLs when the apps exist.
 */
export const APP_STORE_URL = 'https://apps.apple.com/us/search?term=FitGauge';
export const PLAY_STORE_URL = 'https://play.google.com/store/search?q=FitGauge&c=apps';

/** Android goes to the Play Store; everyone else (iPhone, iPad, Mac, other desktops, no user agent) to the App Store. */
export function storeLinkFor(userAgent: string | null | undefined): string {
  return /android/i.test(userAgent ?? '') ? PLAY_STORE_URL : APP_STORE_URL;
}
