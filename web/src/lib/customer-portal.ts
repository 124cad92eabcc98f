import { runtimeConfig } from '@/config/runtime-config';

/**
 * Billing (docs/billing.md, "Customer portal"): `GET api/v1/create-customer-portal-session/{accessToken}` opens the
 * payment provider's customer portal in a new tab. Locally the endpoint answers on the app's own origin; on AWS on the
 * HTTP API beside GraphQL, whose address the site's config.json gives (`apiBaseUrl`).
 */
const customerPortalPath = (accessToken: string) => `/api/v1/create-customer-portal-session/${encodeURIComponent(accessToken)}`;

export function openCustomerPortal(accessToken: string): void {
  const base = runtimeConfig().apiBaseUrl?.replace(/\/$/, '') ?? '';
  window.open(`${base}${customerPortalPath(accessToken)}`, '_blank', 'noopener');
}
