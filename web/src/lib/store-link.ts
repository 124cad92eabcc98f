import { runtimeConfig } from '@/config/runtime-config';

/**
 * The store-link route (docs/product.md, "Public and session routes") opens `GET {host}/api/v1/storeLink`, which
 * redirects to the App Store or the Play Store by platform (the store addresses are the server's configuration,
 * lambdas/links). Locally the endpoint answers on the app's origin; on AWS on the HTTP API beside GraphQL (`apiBaseUrl`
 * of config.json).
 */
const STORE_LINK_ENDPOINT = '/api/v1/storeLink';

export const storeLinkUrl = () => `${runtimeConfig().apiBaseUrl?.replace(/\/$/, '') ?? ''}${STORE_LINK_ENDPOINT}`;

const isAndroid = (userAgent: string) => /android/i.test(userAgent);

/** On Android in a system window (the platform opens the Play Store app), elsewhere in place of this page. */
export function openStoreLink(userAgent = navigator.userAgent): void {
  const url = storeLinkUrl();
  if (isAndroid(userAgent)) window.open(url, '_system');
  else window.location.replace(url);
}
