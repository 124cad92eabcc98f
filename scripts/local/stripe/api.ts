/**
 * The Stripe API endpoints FitGauge calls, answering in Stripe's shapes (see README.md in this folder for the list
 * and for what is left out). Handlers return views; `expand[]` is applied to whatever they return.
 */
import { addInterval, Billing, type PaymentBehavior } from './billing';
import { TEST_CARD_TOKENS, unknownTestToken } from './cards';
import { invalidRequest, missingParam, noSuch, StripeApiError } from './errors';
import type { FormParams, FormValue } from './form';
import { allowOnly, arrayParam, booleanParam, expandPaths, integerParam, mergeMetadata, objectParam, stringParam } from './params';
import { randomToken, type StandInState, type StripeObject } from './state';
import { expand, list, page, render, type Json } from './views';

type Handler = (params: FormParams, path: Record<string, string>) => Json;
interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

const LIST_PARAMS = ['limit', 'starting_after', 'ending_before'];

export class StripeApi {
  private readonly routes: Route[] = [];

  constructor(
    private readonly state: StandInState,
    private readonly billing: Billing,
    /** The portal page of a billing-portal session, by its secret token. */
    private readonly portalUrl: (token: string) => string,
  ) {
    this.defineCustomers();
    this.defineCatalogue();
    this.defineSubscriptions();
    this.definePayments();
    this.define('POST', '/v1/billing_portal/sessions', (params) => {
      allowOnly(params, ['customer', 'return_url', 'configuration', 'locale', 'flow_data', 'on_behalf_of']);
      const customer = this.find('customer', stringParam(params, 'customer', { required: true }), 'customer');
      const configuration = stringParam(params, 'configuration') ?? this.state.all('billing_portal.configuration', (item) => item.is_default)[0]?.id;
      if (!configuration) {
        throw invalidRequest(
          'You can’t create a portal session in test mode until you save your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.',
        );
      }
      const token = randomToken(32);
      return this.view(
        this.state.create('bps', 'billing_portal.session', {
          customer: customer.id,
          return_url: stringParam(params, 'return_url') ?? null,
          url: this.portalUrl(token),
          configuration: this.find('billing_portal.configuration', configuration, 'configuration').id,
          locale: null,
          flow: null,
          on_behalf_of: null,
          _token: token,
        }),
      );
    });
    this.defineBillingPortalConfigurations();
    this.define('GET', '/v1/events/:id', (_params, { id }) => this.view(this.find('event', id)));
    this.define('GET', '/v1/events', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'type', 'created']);
      const type = stringParam(params, 'type');
      return this.page('event', '/v1/events', params, (event) => !type || event.type === type);
    });
  }

  /** Answers one API request: [status, body]. */
  handle(method: string, path: string, params: FormParams): [number, Json] {
    try {
      for (const route of this.routes) {
        const match = route.method === method ? route.pattern.exec(path) : null;
        if (!match) continue;
        const names = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
        return [200, expand(this.state, route.handler(params, names), expandPaths(params), (view, field) => this.includable(view, field))];
      }
      return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } }];
    } catch (error) {
      if (error instanceof StripeApiError) return [error.status, { error: error.body }];
      throw error;
    }
  }

  private define(method: string, template: string, handler: Handler) {
    const names: string[] = [];
    const pattern = new RegExp(`^${template.replace(/:(\w+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
    this.routes.push({ method, pattern, names, handler });
  }

  private view(object: StripeObject): Json {
    return render(this.state, object);
  }

  private find(kind: string, id: string, param = 'id'): StripeObject {
    const found = this.state.get(id);
    if (found?.object !== kind) throw noSuch(kind, id, param);
    return found;
  }

  private page(kind: string, url: string, params: FormParams, filter: (item: StripeObject) => boolean = () => true): Json {
    return page(
      this.state.all(kind, filter).map((item) => this.view(item)),
      url,
      params,
    );
  }

  /** Invoice fields Stripe shows only when expanded. */
  private includable(view: Json, field: string): unknown {
    if (view.object !== 'invoice') return undefined;
    const invoice = this.state.get(view.id)!;
    const intent = invoice._payment_intent ? this.state.get(invoice._payment_intent) : undefined;
    if (field === 'confirmation_secret') return intent ? { client_secret: intent.client_secret, type: 'payment_intent' } : null;
    if (field === 'payments') {
      const payments = intent
        ? [
            {
              id: `inpay_${intent.id.slice(3)}`,
              object: 'invoice_payment',
              amount_paid: intent.status === 'succeeded' ? intent.amount : null,
              amount_requested: intent.amount,
              created: intent.created,
              currency: intent.currency,
              invoice: invoice.id,
              is_default: true,
              livemode: false,
              payment: { type: 'payment_intent', payment_intent: intent.id },
              status: intent.status === 'succeeded' ? 'paid' : 'open',
            },
          ]
        : [];
      return list(payments, `/v1/invoice_payments?invoice=${invoice.id}`);
    }
    return undefined;
  }

  // ---- customers ---------------------------------------------------------------------------------------------------

  private defineCustomers() {
    const fields = ['email', 'name', 'description', 'phone', 'metadata', 'payment_method', 'invoice_settings'];
    const apply = (customer: StripeObject, params: FormParams) => {
      for (const field of ['email', 'name', 'description', 'phone']) {
        if (params[field] !== undefined) customer[field] = stringParam(params, field) ?? null;
      }
      customer.metadata = mergeMetadata(customer.metadata, params);
      const paymentMethod = stringParam(params, 'payment_method');
      if (paymentMethod) this.billing.attach(this.billing.paymentMethod(paymentMethod), customer.id);
      const defaultMethod = objectParam(params, 'invoice_settings')?.default_payment_method;
      if (defaultMethod !== undefined) {
        if (typeof defaultMethod !== 'string') throw invalidRequest('Invalid string', 'invoice_settings[default_payment_method]');
        if (defaultMethod && this.billing.paymentMethod(defaultMethod).customer !== customer.id) {
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
            'invoice_settings[default_payment_method]',
          );
        }
        customer.invoice_settings.default_payment_method = defaultMethod || null;
      }
      return this.view(customer);
    };
    this.define('POST', '/v1/customers', (params) => {
      allowOnly(params, fields);
      const customer = this.state.create('cus', 'customer', {
        email: null,
        name: null,
        description: null,
        phone: null,
        balance: 0,
        currency: null,
        delinquent: false,
        invoice_prefix: randomToken(8).toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      });
      return apply(customer, params);
    });
    this.define('GET', '/v1/customers/search', (params) => {
      allowOnly(params, ['query', 'limit', 'page']);
      const matches = searchFilter(stringParam(params, 'query', { required: true }));
      const limit = integerParam(params, 'limit', { min: 1, max: 100 }) ?? 10;
      const found = this.state.all('customer', matches).map((customer) => this.view(customer));
      return { object: 'search_result', data: found.slice(0, limit), has_more: found.length > limit, next_page: null, url: '/v1/customers/search' };
    });
    this.define('GET', '/v1/customers', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'email', 'created']);
      const email = stringParam(params, 'email');
      return this.page('customer', '/v1/customers', params, (customer) => email === undefined || customer.email === email);
    });
    this.define('GET', '/v1/customers/:id', (_params, { id }) => this.view(this.find('customer', id)));
    this.define('POST', '/v1/customers/:id', (params, { id }) => {
      allowOnly(params, fields);
      return apply(this.find('customer', id), params);
    });
    this.define('DELETE', '/v1/customers/:id', (_params, { id }) => {
      this.find('customer', id);
      for (const subscription of this.state.all('subscription', (s) => s.customer === id && s.status !== 'canceled')) {
        this.billing.cancelSubscription(subscription);
      }
      this.state.remove(id);
      return { id, object: 'customer', deleted: true };
    });
    this.define('GET', '/v1/customers/:id/payment_methods', (params, { id }) => {
      allowOnly(params, [...LIST_PARAMS, 'type', 'allow_redisplay']);
      this.find('customer', id);
      return this.page('payment_method', `/v1/customers/${id}/payment_methods`, params, (method) => method.customer === id);
    });
  }

  // ---- billing-portal configurations: what the portal offers (kept as given; sessions use the default one) -----------

  private defineBillingPortalConfigurations() {
    const FIELDS = ['business_profile', 'default_return_url', 'features', 'name', 'metadata'];
    const settings = (params: FormParams) =>
      Object.fromEntries(FIELDS.filter((name) => name !== 'metadata' && params[name] !== undefined).map((name) => [name, formJson(params[name])]));
    this.define('POST', '/v1/billing_portal/configurations', (params) => {
      allowOnly(params, FIELDS);
      if (!objectParam(params, 'features')) throw missingParam('features');
      return this.view(
        this.state.create('bpc', 'billing_portal.configuration', {
          active: true,
          business_profile: { headline: null, privacy_policy_url: null, terms_of_service_url: null },
          default_return_url: null,
          name: null,
          // The account's first configuration is its default, as the Dashboard's first save of the portal settings makes it.
          is_default: this.state.all('billing_portal.configuration', (item) => item.is_default).length === 0,
          ...settings(params),
          metadata: mergeMetadata({}, params),
          updated: this.state.now(),
        }),
      );
    });
    this.define('GET', '/v1/billing_portal/configurations/:id', (_params, { id }) => this.view(this.find('billing_portal.configuration', id)));
    this.define('POST', '/v1/billing_portal/configurations/:id', (params, { id }) => {
      allowOnly(params, [...FIELDS, 'active']);
      const configuration = this.find('billing_portal.configuration', id);
      const changes = settings(params);
      Object.assign(configuration, {
        ...changes,
        ...(changes.features ? { features: deepMerge(configuration.features as Json, changes.features as Json) } : {}),
        active: booleanParam(params, 'active') ?? configuration.active,
        metadata: mergeMetadata(configuration.metadata, params),
        updated: this.state.now(),
      });
      return this.view(configuration);
    });
    this.define('GET', '/v1/billing_portal/configurations', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'active', 'is_default']);
      const active = booleanParam(params, 'active');
      const isDefault = booleanParam(params, 'is_default');
      return this.page(
        'billing_portal.configuration',
        '/v1/billing_portal/configurations',
        params,
        (item) => (active === undefined || item.active === active) && (isDefault === undefined || item.is_default === isDefault),
      );
    });
  }

  // ---- products, prices, coupons, promotion codes ------------------------------------------------------------------

  private defineCatalogue() {
    this.define('POST', '/v1/products', (params) => {
      allowOnly(params, ['id', 'name', 'description', 'active', 'metadata']);
      return this.view(
        this.state.create('prod', 'product', {
          id: stringParam(params, 'id'),
          name: stringParam(params, 'name', { required: true }),
          description: stringParam(params, 'description') ?? null,
          active: booleanParam(params, 'active') ?? true,
          default_price: null,
          metadata: mergeMetadata({}, params),
        }),
      );
    });
    this.define('GET', '/v1/products/:id', (_params, { id }) => this.view(this.find('product', id)));
    this.define('GET', '/v1/products', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'active']);
      const active = booleanParam(params, 'active');
      return this.page('product', '/v1/products', params, (product) => active === undefined || product.active === active);
    });

    this.define('POST', '/v1/prices', (params) => {
      allowOnly(params, ['product', 'unit_amount', 'currency', 'recurring', 'lookup_key', 'transfer_lookup_key', 'nickname', 'active', 'metadata']);
      const product = this.find('product', stringParam(params, 'product', { required: true }), 'product');
      const lookupKey = stringParam(params, 'lookup_key');
      // As Stripe: a lookup key names one price; another price takes it only with transfer_lookup_key.
      const holder = lookupKey ? this.state.all('price', (price) => price.lookup_key === lookupKey)[0] : undefined;
      if (holder && !booleanParam(params, 'transfer_lookup_key')) {
        throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      }
      if (holder) holder.lookup_key = null;
      const recurring = objectParam(params, 'recurring');
      const interval = recurring ? stringParam(recurring, 'interval', { required: true }) : undefined;
      if (interval && !['day', 'week', 'month', 'year'].includes(interval))
        throw invalidRequest(`Invalid recurring[interval]: ${interval}`, 'recurring[interval]');
      return this.view(
        this.state.create('price', 'price', {
          product: product.id,
          unit_amount: integerParam(params, 'unit_amount', { min: 0, max: 99_999_999, required: true }),
          currency: stringParam(params, 'currency', { required: true }).toLowerCase(),
          recurring: interval ? { interval, interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null } : null,
          type: interval ? 'recurring' : 'one_time',
          billing_scheme: 'per_unit',
          lookup_key: lookupKey ?? null,
          nickname: stringParam(params, 'nickname') ?? null,
          active: booleanParam(params, 'active') ?? true,
          metadata: mergeMetadata({}, params),
        }),
      );
    });
    this.define('GET', '/v1/prices/:id', (_params, { id }) => this.view(this.find('price', id)));
    this.define('POST', '/v1/prices/:id', (params, { id }) => {
      allowOnly(params, ['active', 'nickname', 'metadata']);
      const price = this.find('price', id);
      price.active = booleanParam(params, 'active') ?? price.active;
      price.nickname = stringParam(params, 'nickname') ?? price.nickname;
      price.metadata = mergeMetadata(price.metadata, params);
      return this.view(price);
    });
    this.define('GET', '/v1/prices', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'active', 'product', 'lookup_keys', 'type', 'currency']);
      const lookupKeys = arrayParam(params, 'lookup_keys');
      const product = stringParam(params, 'product');
      const active = booleanParam(params, 'active');
      return this.page(
        'price',
        '/v1/prices',
        params,
        (price) =>
          (!lookupKeys || lookupKeys.includes(price.lookup_key)) &&
          (!product || price.product === product) &&
          (active === undefined || price.active === active),
      );
    });

    this.define('POST', '/v1/coupons', (params) => {
      allowOnly(params, [
        'id',
        'name',
        'percent_off',
        'amount_off',
        'currency',
        'duration',
        'duration_in_months',
        'max_redemptions',
        'redeem_by',
        'metadata',
      ]);
      const percentOff = params.percent_off === undefined ? null : Number(stringParam(params, 'percent_off'));
      const amountOff = integerParam(params, 'amount_off', { min: 1 }) ?? null;
      if ((percentOff === null) === (amountOff === null))
        throw invalidRequest('You must pass exactly one of percent_off or amount_off.', 'percent_off');
      if (percentOff !== null && !(percentOff > 0 && percentOff <= 100))
        throw invalidRequest('Invalid percent_off: must be greater than 0 and at most 100.', 'percent_off');
      const duration = stringParam(params, 'duration') ?? 'once';
      if (!['once', 'repeating', 'forever'].includes(duration)) throw invalidRequest(`Invalid duration: ${duration}`, 'duration');
      return this.view(
        this.state.create('coupon', 'coupon', {
          id: stringParam(params, 'id') ?? randomToken(8),
          name: stringParam(params, 'name') ?? null,
          percent_off: percentOff,
          amount_off: amountOff,
          currency: amountOff === null ? null : stringParam(params, 'currency', { required: true }),
          duration,
          duration_in_months: duration === 'repeating' ? integerParam(params, 'duration_in_months', { min: 1, required: true }) : null,
          max_redemptions: integerParam(params, 'max_redemptions', { min: 1 }) ?? null,
          redeem_by: integerParam(params, 'redeem_by') ?? null,
          times_redeemed: 0,
          valid: true,
          metadata: mergeMetadata({}, params),
        }),
      );
    });
    this.define('GET', '/v1/coupons/:id', (_params, { id }) => this.view(this.find('coupon', id)));
    this.define('GET', '/v1/coupons', (params) => {
      allowOnly(params, LIST_PARAMS);
      return this.page('coupon', '/v1/coupons', params);
    });
    this.define('DELETE', '/v1/coupons/:id', (_params, { id }) => {
      // Deleted coupons stay on the discounts that use them, but cannot be redeemed again.
      Object.assign(this.find('coupon', id), { valid: false, object: 'deleted_coupon' });
      return { id, object: 'coupon', deleted: true };
    });

    this.define('POST', '/v1/promotion_codes', (params) => {
      allowOnly(params, ['code', 'promotion', 'active', 'max_redemptions', 'expires_at', 'customer', 'restrictions', 'metadata']);
      const promotion = objectParam(params, 'promotion');
      if (!promotion || promotion.type !== 'coupon') throw missingParam('promotion[coupon]');
      const coupon = this.billing.findCoupon(stringParam(promotion, 'coupon', { required: true }), 'promotion[coupon]');
      const code = stringParam(params, 'code') ?? randomToken(8).toUpperCase();
      if (this.state.all('promotion_code', (existing) => existing.active && existing.code.toLowerCase() === code.toLowerCase()).length > 0) {
        throw invalidRequest('An active promotion code with `code` already exists.', 'code', 'resource_already_exists');
      }
      return this.view(
        this.state.create('promo', 'promotion_code', {
          code,
          promotion: { type: 'coupon', coupon: coupon.id },
          active: booleanParam(params, 'active') ?? true,
          customer: stringParam(params, 'customer') ?? null,
          expires_at: integerParam(params, 'expires_at') ?? null,
          max_redemptions: integerParam(params, 'max_redemptions', { min: 1 }) ?? null,
          restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
          times_redeemed: 0,
          metadata: mergeMetadata({}, params),
        }),
      );
    });
    this.define('GET', '/v1/promotion_codes/:id', (_params, { id }) => this.view(this.find('promotion_code', id)));
    this.define('GET', '/v1/promotion_codes', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'code', 'active', 'coupon', 'customer']);
      const code = stringParam(params, 'code');
      const active = booleanParam(params, 'active');
      const coupon = stringParam(params, 'coupon');
      return this.page(
        'promotion_code',
        '/v1/promotion_codes',
        params,
        (promo) =>
          // Stripe matches codes case-insensitively.
          (!code || promo.code.toLowerCase() === code.toLowerCase()) &&
          (active === undefined || promo.active === active) &&
          (!coupon || promo.promotion.coupon === coupon),
      );
    });
  }

  // ---- subscriptions -----------------------------------------------------------------------------------------------

  private defineSubscriptions() {
    this.define('POST', '/v1/subscriptions', (params) => {
      allowOnly(params, [
        'customer',
        'items',
        'discounts',
        'payment_behavior',
        'default_payment_method',
        'trial_period_days',
        'trial_end',
        'cancel_at_period_end',
        'metadata',
        'payment_settings',
        'proration_behavior',
        'collection_method',
        'off_session',
        'description',
      ]);
      const customer = this.find('customer', stringParam(params, 'customer', { required: true }), 'customer');
      const itemParams = arrayParam(params, 'items');
      if (!itemParams || itemParams.length === 0) throw missingParam('items');
      const items = itemParams.map((raw, i) => {
        if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidRequest('Invalid object', `items[${i}]`);
        const price = this.find('price', stringParam(raw, 'price', { required: true }), `items[${i}][price]`);
        if (!price.active || !price.recurring)
          throw invalidRequest(`The price specified is ${price.active ? 'not recurring' : 'inactive'}.`, `items[${i}][price]`);
        return { price, quantity: integerParam(raw, 'quantity', { min: 0, max: 10_000 }) ?? 1 };
      });
      this.assertOneInterval(items.map((item) => item.price));
      const behavior = stringParam(params, 'payment_behavior') ?? 'allow_incomplete';
      if (behavior !== 'default_incomplete' && behavior !== 'allow_incomplete') {
        throw invalidRequest(`payment_behavior ${behavior} is not supported by the local Stripe stand-in.`, 'payment_behavior');
      }
      const defaultMethod = stringParam(params, 'default_payment_method');
      if (defaultMethod && this.billing.paymentMethod(defaultMethod, 'default_payment_method').customer !== customer.id) {
        throw invalidRequest('The payment method must be attached to the customer.', 'default_payment_method');
      }
      const trialDays = integerParam(params, 'trial_period_days', { min: 0, max: 730 });
      const trialEnd = trialDays ? addInterval(this.state.now(), 'day', trialDays) : (integerParam(params, 'trial_end') ?? null);
      const saveDefault = objectParam(params, 'payment_settings')?.save_default_payment_method;
      return this.view(
        this.billing.createSubscription({
          customer,
          items,
          coupons: this.discountParams(params),
          paymentBehavior: behavior as PaymentBehavior,
          defaultPaymentMethod: defaultMethod ?? null,
          trialEnd,
          cancelAtPeriodEnd: booleanParam(params, 'cancel_at_period_end') ?? false,
          saveDefaultPaymentMethod: saveDefault === 'on_subscription',
          metadata: mergeMetadata({}, params),
        }),
      );
    });
    this.define('GET', '/v1/subscriptions/:id', (_params, { id }) => this.view(this.find('subscription', id)));
    this.define('GET', '/v1/subscriptions', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'customer', 'status', 'price', 'created']);
      const customer = stringParam(params, 'customer');
      const status = stringParam(params, 'status');
      const price = stringParam(params, 'price');
      return this.page(
        'subscription',
        '/v1/subscriptions',
        params,
        (subscription) =>
          (!customer || subscription.customer === customer) &&
          // Like Stripe, canceled subscriptions are listed only when asked for (status=canceled or all).
          (status === 'all' || (status ? subscription.status === status : subscription.status !== 'canceled')) &&
          (!price || (subscription._items as string[]).some((item) => this.state.get(item)?.price === price)),
      );
    });
    this.define('POST', '/v1/subscriptions/:id', (params, { id }) => {
      allowOnly(params, [
        'items',
        'proration_behavior',
        'cancel_at_period_end',
        'metadata',
        'default_payment_method',
        'discounts',
        'payment_behavior',
        'description',
      ]);
      const subscription = this.find('subscription', id);
      if (subscription.status === 'canceled') throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
      const proration = stringParam(params, 'proration_behavior') ?? 'create_prorations';
      if (!['create_prorations', 'always_invoice', 'none'].includes(proration))
        throw invalidRequest(`Invalid proration_behavior: ${proration}`, 'proration_behavior');
      const itemParams = arrayParam(params, 'items');
      if (itemParams) this.changeItems(subscription, itemParams, proration as 'create_prorations');
      const changes: Record<string, unknown> = { metadata: mergeMetadata(subscription.metadata, params) };
      const cancelAtPeriodEnd = booleanParam(params, 'cancel_at_period_end');
      if (cancelAtPeriodEnd !== undefined)
        Object.assign(changes, { cancel_at_period_end: cancelAtPeriodEnd, canceled_at: cancelAtPeriodEnd ? this.state.now() : null });
      const defaultMethod = stringParam(params, 'default_payment_method');
      if (defaultMethod) changes.default_payment_method = this.billing.paymentMethod(defaultMethod, 'default_payment_method').id;
      if (params.discounts !== undefined) {
        changes.discounts = this.discountParams(params).map(
          ({ coupon, promotionCode }) =>
            this.state.create('di', 'discount', {
              source: { type: 'coupon', coupon: coupon.id },
              promotion_code: promotionCode?.id ?? null,
              customer: subscription.customer,
              subscription: subscription.id,
              start: this.state.now(),
              end: null,
            }).id,
        );
      }
      this.billing.updateSubscription(subscription, changes);
      return this.view(subscription);
    });
    this.define('DELETE', '/v1/subscriptions/:id', (params, { id }) => {
      allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details']);
      const subscription = this.find('subscription', id);
      this.billing.cancelSubscription(subscription);
      return this.view(subscription);
    });
    this.define('GET', '/v1/subscription_items', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'subscription']);
      const subscription = this.find('subscription', stringParam(params, 'subscription', { required: true }), 'subscription');
      return this.page('subscription_item', '/v1/subscription_items', params, (item) => item.subscription === subscription.id);
    });
  }

  /** Stripe bills every item of one subscription on one interval. */
  private assertOneInterval(prices: StripeObject[]) {
    if (new Set(prices.map((price) => price.recurring.interval)).size > 1) {
      throw invalidRequest('Currently all items of a subscription must have the same billing interval.', 'items');
    }
  }

  /** `items[n]` of an update: `{ id, quantity }` changes a seat count, `{ id, deleted }` removes, `{ price }` adds. */
  private changeItems(subscription: StripeObject, itemParams: unknown[], proration: 'create_prorations' | 'always_invoice' | 'none') {
    const quantities: { item: StripeObject; quantity: number }[] = [];
    const period = this.state.get(subscription._items[0])!;
    itemParams.forEach((raw, i) => {
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidRequest('Invalid object', `items[${i}]`);
      const itemParam = raw as FormParams;
      const id = stringParam(itemParam, 'id');
      const quantity = integerParam(itemParam, 'quantity', { min: 0, max: 10_000 });
      if (!id) {
        const price = this.find('price', stringParam(itemParam, 'price', { required: true }), `items[${i}][price]`);
        this.assertOneInterval([price, this.state.get(period.price)!]);
        const item = this.state.create('si', 'subscription_item', {
          subscription: subscription.id,
          price: price.id,
          quantity: 0,
          current_period_start: period.current_period_start,
          current_period_end: period.current_period_end,
          discounts: [],
          tax_rates: [],
          billing_thresholds: null,
        });
        subscription._items.push(item.id);
        quantities.push({ item, quantity: quantity ?? 1 });
        return;
      }
      const item = this.state.get(id);
      if (item?.object !== 'subscription_item' || item.subscription !== subscription.id) throw noSuch('subscription_item', id, `items[${i}][id]`);
      if (booleanParam(itemParam, 'deleted')) {
        quantities.push({ item, quantity: 0 });
        subscription._items = (subscription._items as string[]).filter((other) => other !== id);
      } else if (quantity !== undefined) {
        quantities.push({ item, quantity });
      }
    });
    if ((subscription._items as string[]).length === 0) throw invalidRequest('A subscription must keep at least one item.', 'items');
    this.billing.changeQuantities(subscription, quantities, proration);
  }

  /** `discounts[n][coupon]` or `discounts[n][promotion_code]`, each checked as Stripe does. */
  private discountParams(params: FormParams): { coupon: StripeObject; promotionCode: StripeObject | null }[] {
    return (arrayParam(params, 'discounts') ?? []).map((raw, i) => {
      if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidRequest('Invalid object', `discounts[${i}]`);
      const promotionCodeId = stringParam(raw, 'promotion_code');
      if (promotionCodeId) {
        const promotionCode = this.state.get(promotionCodeId);
        if (promotionCode?.object !== 'promotion_code') throw noSuch('promotion code', promotionCodeId, `discounts[${i}][promotion_code]`);
        if (!promotionCode.active) throw invalidRequest('This promotion code is not active.', `discounts[${i}][promotion_code]`);
        const coupon = this.billing.findCoupon(promotionCode.promotion.coupon, `discounts[${i}][promotion_code]`);
        return { coupon: this.billing.redeemable(coupon, `discounts[${i}][promotion_code]`), promotionCode };
      }
      const coupon = this.billing.findCoupon(stringParam(raw, 'coupon', { required: true }), `discounts[${i}][coupon]`);
      return { coupon: this.billing.redeemable(coupon, `discounts[${i}][coupon]`), promotionCode: null };
    });
  }

  // ---- invoices, payment intents, setup intents, payment methods ---------------------------------------------------

  private definePayments() {
    this.define('GET', '/v1/invoices/:id', (_params, { id }) => this.view(this.find('invoice', id)));
    this.define('GET', '/v1/invoices', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'customer', 'subscription', 'status', 'created']);
      const customer = stringParam(params, 'customer');
      const subscription = stringParam(params, 'subscription');
      const status = stringParam(params, 'status');
      return this.page(
        'invoice',
        '/v1/invoices',
        params,
        (invoice) =>
          (!customer || invoice.customer === customer) &&
          (!subscription || invoice.parent?.subscription_details?.subscription === subscription) &&
          (!status || invoice.status === status),
      );
    });
    this.define('POST', '/v1/invoices/:id/pay', (params, { id }) => {
      allowOnly(params, ['payment_method', 'off_session']);
      const invoice = this.find('invoice', id);
      this.billing.payInvoice(invoice, stringParam(params, 'payment_method') ?? null, booleanParam(params, 'off_session') ?? false);
      return this.view(invoice);
    });

    this.define('POST', '/v1/payment_intents', (params) => {
      allowOnly(params, [
        'amount',
        'currency',
        'customer',
        'payment_method',
        'confirm',
        'metadata',
        'description',
        'setup_future_usage',
        'off_session',
        'return_url',
        'automatic_payment_methods',
        'allowed_payment_method_types',
        'receipt_email',
      ]);
      const customer = stringParam(params, 'customer');
      if (customer) this.find('customer', customer, 'customer');
      const intent = this.billing.createPaymentIntent({
        amount: integerParam(params, 'amount', { min: 50, max: 99_999_999, required: true })!,
        currency: stringParam(params, 'currency', { required: true }).toLowerCase(),
        customer: customer ?? null,
        setupFutureUsage: stringParam(params, 'setup_future_usage') ?? null,
        metadata: mergeMetadata({}, params),
        description: stringParam(params, 'description') ?? null,
      });
      const paymentMethod = stringParam(params, 'payment_method');
      if (paymentMethod) Object.assign(intent, { payment_method: this.billing.paymentMethod(paymentMethod).id, status: 'requires_confirmation' });
      if (booleanParam(params, 'confirm')) {
        this.billing.confirmPaymentIntent(intent, null, {
          offSession: booleanParam(params, 'off_session') ?? false,
          returnUrl: stringParam(params, 'return_url'),
        });
      }
      return this.view(intent);
    });
    this.define('GET', '/v1/payment_intents/:id', (params, { id }) => {
      allowOnly(params, ['client_secret']);
      return this.view(this.find('payment_intent', id));
    });
    this.define('POST', '/v1/payment_intents/:id/confirm', (params, { id }) => {
      allowOnly(params, ['payment_method', 'return_url', 'off_session', 'setup_future_usage', 'client_secret', 'payment_method_data']);
      const intent = this.find('payment_intent', id);
      this.billing.confirmPaymentIntent(intent, this.paymentMethodFrom(params), {
        offSession: booleanParam(params, 'off_session') ?? false,
        returnUrl: stringParam(params, 'return_url'),
      });
      return this.view(intent);
    });
    this.define('POST', '/v1/payment_intents/:id/cancel', (params, { id }) => {
      allowOnly(params, ['cancellation_reason']);
      const intent = this.find('payment_intent', id);
      if (intent.status === 'succeeded')
        throw invalidRequest(
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          undefined,
          'payment_intent_unexpected_state',
        );
      Object.assign(intent, {
        status: 'canceled',
        canceled_at: this.state.now(),
        cancellation_reason: stringParam(params, 'cancellation_reason') ?? null,
      });
      return this.view(intent);
    });

    this.define('POST', '/v1/setup_intents', (params) => {
      allowOnly(params, [
        'customer',
        'payment_method',
        'allowed_payment_method_types',
        'usage',
        'confirm',
        'metadata',
        'return_url',
        'automatic_payment_methods',
        'description',
      ]);
      const customer = stringParam(params, 'customer');
      if (customer) this.find('customer', customer, 'customer');
      const id = `seti_${randomToken(24)}`;
      const paymentMethod = stringParam(params, 'payment_method');
      const intent = this.state.create('seti', 'setup_intent', {
        id,
        client_secret: `${id}_secret_${randomToken(24)}`,
        customer: customer ?? null,
        payment_method: paymentMethod ? this.billing.paymentMethod(paymentMethod).id : null,
        allowed_payment_method_types: ['card'],
        usage: stringParam(params, 'usage') ?? 'off_session',
        status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
        last_setup_error: null,
        next_action: null,
        metadata: mergeMetadata({}, params),
      });
      if (booleanParam(params, 'confirm')) this.confirmSetup(intent, null);
      return this.view(intent);
    });
    this.define('GET', '/v1/setup_intents/:id', (params, { id }) => {
      allowOnly(params, ['client_secret']);
      return this.view(this.find('setup_intent', id));
    });
    this.define('POST', '/v1/setup_intents/:id/confirm', (params, { id }) => {
      allowOnly(params, ['payment_method', 'return_url', 'client_secret', 'payment_method_data']);
      const intent = this.find('setup_intent', id);
      this.confirmSetup(intent, this.paymentMethodFrom(params));
      return this.view(intent);
    });

    this.define('POST', '/v1/payment_methods', (params) => {
      allowOnly(params, ['type', 'card', 'billing_details', 'metadata', 'customer', 'payment_method']);
      if (stringParam(params, 'type', { required: true }) !== 'card')
        throw invalidRequest('The local Stripe stand-in supports card payment methods only.', 'type');
      return this.view(this.cardFrom(objectParam(params, 'card'), objectParam(params, 'billing_details') ?? {}));
    });
    this.define('GET', '/v1/payment_methods/:id', (_params, { id }) => this.view(this.find('payment_method', id)));
    this.define('GET', '/v1/payment_methods', (params) => {
      allowOnly(params, [...LIST_PARAMS, 'customer', 'type']);
      const customer = stringParam(params, 'customer');
      return this.page('payment_method', '/v1/payment_methods', params, (method) => !customer || method.customer === customer);
    });
    this.define('POST', '/v1/payment_methods/:id/attach', (params, { id }) => {
      allowOnly(params, ['customer']);
      const method = this.billing.paymentMethod(id, 'payment_method');
      this.billing.attach(method, this.find('customer', stringParam(params, 'customer', { required: true }), 'customer').id);
      return this.view(method);
    });
    this.define('POST', '/v1/payment_methods/:id/detach', (_params, { id }) => {
      const method = this.find('payment_method', id);
      if (!method.customer) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.');
      method.customer = null;
      return this.view(method);
    });
  }

  private paymentMethodFrom(params: FormParams): string | null {
    const data = objectParam(params, 'payment_method_data');
    if (data) return this.cardFrom(objectParam(data, 'card'), objectParam(data, 'billing_details') ?? {}).id;
    return stringParam(params, 'payment_method') ?? null;
  }

  private cardFrom(card: FormParams | undefined, billingDetails: FormParams): StripeObject {
    if (!card) throw missingParam('card');
    const token = stringParam(card, 'token');
    if (token) {
      const number = TEST_CARD_TOKENS[token];
      if (!number) throw unknownTestToken(token);
      return this.billing.createCardPaymentMethod(number, 12, new Date(this.state.now() * 1000).getUTCFullYear() + 3, billingDetails);
    }
    return this.billing.createCardPaymentMethod(
      stringParam(card, 'number', { required: true }),
      integerParam(card, 'exp_month', { required: true })!,
      integerParam(card, 'exp_year', { required: true })!,
      billingDetails,
    );
  }

  /** A setup succeeds, needs authentication (3155 on setup) or is declined, and saves the card to the customer. */
  private confirmSetup(intent: StripeObject, paymentMethodId: string | null) {
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      throw invalidRequest(
        `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
        undefined,
        'setup_intent_unexpected_state',
      );
    }
    const methodId = paymentMethodId ?? intent.payment_method;
    if (!methodId) throw missingParam('payment_method');
    const method = this.billing.paymentMethod(methodId);
    intent.payment_method = method.id;
    if (method._outcome === 'declined' || method._outcome === 'insufficient_funds') {
      const error = { type: 'card_error' as const, code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_setup_error: { ...error, payment_method: this.view(method) },
        payment_method: null,
      });
      throw new StripeApiError(402, { ...error, setup_intent: this.view(intent) });
    }
    if (method._outcome === 'requires_authentication' && !method._authenticated) {
      Object.assign(intent, {
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
      });
      return;
    }
    if (intent.customer) this.billing.attach(method, intent.customer);
    Object.assign(intent, { status: 'succeeded', last_setup_error: null, next_action: null });
  }
}

/** Stripe's search syntax for the clauses FitGauge uses: `email:'a@b.c'`, `name:'x'`, `metadata['key']:'value'`, joined by AND or OR. */
function searchFilter(query: string): (customer: StripeObject) => boolean {
  const clauses = query.split(/\s+(AND|OR)\s+/);
  const joiners = clauses.filter((_, i) => i % 2 === 1);
  if (new Set(joiners).size > 1) throw invalidRequest('Search queries cannot mix AND and OR.', 'query');
  const tests = clauses
    .filter((_, i) => i % 2 === 0)
    .map((clause) => {
      const match = /^(email|name|phone|description|metadata\['([^']+)'\]):'((?:[^'\\]|\\.)*)'$/.exec(clause.trim());
      if (!match) throw invalidRequest(`Unsupported or invalid search query: ${clause}`, 'query');
      const value = match[3].replace(/\\(.)/g, '$1');
      return (customer: StripeObject) => (match[2] ? customer.metadata?.[match[2]] : customer[match[1]]) === value;
    });
  return joiners[0] === 'OR' ? (customer) => tests.some((test) => test(customer)) : (customer) => tests.every((test) => test(customer));
}

/** A form value as Stripe stores it: `true`/`false` as booleans, the rest as given. */
function formJson(value: FormValue): unknown {
  if (typeof value === 'string') return value === 'true' ? true : value === 'false' ? false : value;
  if (Array.isArray(value)) return value.map(formJson);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, formJson(item)]));
}

function deepMerge(base: Json, changes: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    const current = merged[key];
    merged[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current)
        ? deepMerge(current as Json, value as Json)
        : value;
  }
  return merged;
}
