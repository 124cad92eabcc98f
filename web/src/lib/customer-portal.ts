/**
 * Billing (spec 000 sections 2 and 7): `GET api/v1/create-customer-portal-session/{accessToken}` opens the payment
 * provider's customer portal in a new tab. The billing issue serves the endpoint (lambdas/triggers.ts); locally it
 * answers on the app's own origin.
 */
export const customerPortalPath = (accessToken: string) => `/api/v1/create-customer-portal-session/${encodeURIComponent(accessToken)}`;

export function openCustomerPortal(accessToken: string): void {
  window.open(customerPortalPath(accessToken), '_blank', 'noopener');
}
