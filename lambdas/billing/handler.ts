import { createFieldHandler } from '../lib/fields';
import { billingFields } from './fields';

/** Coupons, purchases and subscriptions, trials, saved cards; the admin payments, promotions and coupon reports (docs/billing.md). */
export const handler = createFieldHandler(billingFields);
