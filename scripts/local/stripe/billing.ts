/**
 * What Stripe does on its own side: invoices for subscription periods, charging cards, subscription statuses,
 * and what happens as time passes (renewals, trial ends, cancellations at period end, unpaid subscriptions).
 * Every change that Stripe reports by webhook is reported here through `emit`.
 */
import { checkCard, declineOf, TEST_PAYMENT_METHOD_CARDS, type CardOutcome } from './cards';
import { invalidRequest, noSuch, StripeApiError } from './errors';
import { randomToken, type StandInState, type StripeObject } from './state';
import { render, type Json } from './views';

type Emit = (type: string, object: StripeObject, previousAttributes?: Json) => void;

const HOUR = 3600;
const DAY = 24 * HOUR;
/** Stripe's limits: an unpaid first invoice expires the subscription after 23 hours; trial_will_end comes 3 days ahead. */
const INCOMPLETE_EXPIRES_AFTER = 23 * HOUR;
const TRIAL_WILL_END_NOTICE = 3 * DAY;
/** After a failed renewal, Stripe's default retry schedule gives up and cancels after two weeks. */
const PAST_DUE_CANCELS_AFTER = 14 * DAY;
const MAX_CLOCK_STEPS = 10_000;

export type PaymentBehavior = 'default_incomplete' | 'allow_incomplete';

interface NewSubscription {
  customer: StripeObject;
  items: { price: StripeObject; quantity: number }[];
  coupons: { coupon: StripeObject; promotionCode: StripeObject | null }[];
  paymentBehavior: PaymentBehavior;
  defaultPaymentMethod: string | null;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  saveDefaultPaymentMethod: boolean;
  metadata: Record<string, string>;
}

export class Billing {
  constructor(
    private readonly state: StandInState,
    private readonly emit: Emit,
    /** Where the payment-authentication page of a `requires_action` payment lives. */
    private readonly authenticateUrl: (intentId: string) => string,
  ) {}

  // ---- payment methods -------------------------------------------------------------------------------------------

  createCardPaymentMethod(number: string, expMonth: number, expYear: number, billingDetails: Json): StripeObject {
    const card = checkCard(number, expMonth, expYear, new Date(this.state.now() * 1000));
    return this.state.create('pm', 'payment_method', {
      type: 'card',
      customer: null,
      billing_details: { address: null, email: null, name: null, phone: null, ...billingDetails },
      card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, country: 'US', funding: 'credit' },
      allow_redisplay: 'unspecified',
      _outcome: card.outcome,
      _authenticated: false,
    });
  }

  /** A `pm_…` id, or a test id like `pm_card_visa` that stands for a fresh payment method of that card. */
  paymentMethod(id: string, param = 'payment_method'): StripeObject {
    const testCard = TEST_PAYMENT_METHOD_CARDS[id];
    if (testCard) return this.createCardPaymentMethod(testCard, 12, new Date(this.state.now() * 1000).getUTCFullYear() + 3, {});
    const found = this.state.get(id);
    if (found?.object !== 'payment_method') throw invalidRequest(`No such PaymentMethod: '${id}'`, param, 'resource_missing');
    return found;
  }

  attach(paymentMethod: StripeObject, customerId: string) {
    if (paymentMethod.customer && paymentMethod.customer !== customerId) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', 'payment_method');
    }
    paymentMethod.customer = customerId;
  }

  // ---- payment intents ---------------------------------------------------------------------------------------------

  createPaymentIntent(fields: {
    amount: number;
    currency: string;
    customer: string | null;
    invoice?: string;
    setupFutureUsage?: string | null;
    metadata?: Record<string, string>;
    description?: string | null;
  }): StripeObject {
    const id = `pi_${randomToken(24)}`;
    return this.state.create('pi', 'payment_intent', {
      id,
      amount: fields.amount,
      amount_received: 0,
      currency: fields.currency,
      customer: fields.customer,
      description: fields.description ?? null,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomToken(24)}`,
      payment_method: null,
      payment_method_types: ['card'],
      allowed_payment_method_types: ['card'],
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      last_payment_error: null,
      next_action: null,
      latest_charge: null,
      canceled_at: null,
      cancellation_reason: null,
      setup_future_usage: fields.setupFutureUsage ?? null,
      metadata: fields.metadata ?? {},
      _invoice: fields.invoice ?? null,
    });
  }

  /**
   * Charges the intent's card: succeeded, requires_action (authentication), or a card error (402), as Stripe's test
   * cards do. Off-session charges (renewals) of an authentication card pass once it was authenticated on a setup.
   */
  confirmPaymentIntent(intent: StripeObject, paymentMethodId: string | null, options: { offSession: boolean; returnUrl?: string }): void {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: render(this.state, intent),
      });
    }
    const methodId = paymentMethodId ?? intent.payment_method;
    if (!methodId) {
      throw invalidRequest(
        "You cannot confirm this PaymentIntent because it's missing a payment method.",
        'payment_method',
        'payment_intent_unexpected_state',
      );
    }
    const method = this.paymentMethod(methodId);
    intent.payment_method = method.id;
    let outcome = method._outcome as CardOutcome;
    if (outcome === 'requires_authentication' && options.offSession && method._authenticated) outcome = 'succeeds';
    if (outcome === 'requires_authentication' && options.offSession) {
      return this.failPayment(intent, method, {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      });
    }
    if (outcome === 'requires_authentication') {
      intent.status = 'requires_action';
      intent.next_action = options.returnUrl
        ? { type: 'redirect_to_url', redirect_to_url: { url: this.authenticateUrl(intent.id), return_url: options.returnUrl } }
        : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: this.authenticateUrl(intent.id) } };
      const invoice = intent._invoice ? this.state.get(intent._invoice) : undefined;
      if (invoice) this.emit('invoice.payment_action_required', invoice);
      this.emit('payment_intent.requires_action', intent);
      return;
    }
    const decline = declineOf(outcome);
    if (decline) return this.failPayment(intent, method, decline);
    this.succeedPayment(intent, method);
  }

  /** The customer passed (or failed) the bank's authentication of a `requires_action` payment. */
  completeAuthentication(intent: StripeObject, passed: boolean) {
    if (intent.status !== 'requires_action') throw invalidRequest(`This PaymentIntent has a status of ${intent.status}, not requires_action.`);
    const method = this.paymentMethod(intent.payment_method);
    intent.next_action = null;
    if (!passed) {
      return this.failPayment(intent, method, {
        code: 'payment_intent_authentication_failure',
        decline_code: 'authentication_failure',
        message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      });
    }
    method._authenticated = true;
    this.succeedPayment(intent, method);
  }

  private succeedPayment(intent: StripeObject, method: StripeObject) {
    const charge = this.state.create('ch', 'charge', {
      amount: intent.amount,
      currency: intent.currency,
      customer: intent.customer,
      paid: true,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details: { type: 'card', card: { brand: method.card.brand, last4: method.card.last4 } },
    });
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
      next_action: null,
    });
    if (intent.setup_future_usage && intent.customer) this.attach(method, intent.customer);
    this.emit('payment_intent.succeeded', intent);
    const invoice = intent._invoice ? this.state.get(intent._invoice) : undefined;
    if (invoice) this.markInvoicePaid(invoice, method.id);
  }

  private failPayment(intent: StripeObject, method: StripeObject, decline: { code: string; decline_code: string; message: string }) {
    const error = { type: 'card_error' as const, ...decline, payment_method: render(this.state, method) };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, next_action: null, payment_method: null });
    this.emit('payment_intent.payment_failed', intent);
    const invoice = intent._invoice ? this.state.get(intent._invoice) : undefined;
    if (invoice) this.invoicePaymentFailed(invoice);
    throw new StripeApiError(402, { ...error, param: 'payment_method', payment_intent: render(this.state, intent) });
  }

  // ---- invoices --------------------------------------------------------------------------------------------------

  /** The invoice of one subscription period, finalized: paid at once when nothing is due, else with a payment intent. */
  private invoiceSubscription(
    subscription: StripeObject,
    billingReason: string,
    periodStart: number,
    periodEnd: number,
    charge: boolean,
    invoiceId = `in_${randomToken(24)}`,
  ): StripeObject {
    subscription.latest_invoice = invoiceId;
    const discounts = this.applicableDiscounts(subscription, billingReason);
    const lines: Json[] = [];
    for (const itemId of subscription._items as string[]) {
      const item = this.state.get(itemId)!;
      const price = this.state.get(item.price)!;
      const amount = charge ? price.unit_amount * item.quantity : 0;
      lines.push(this.line(invoiceId, subscription, item, price, amount, item.quantity, { start: periodStart, end: periodEnd }, false, discounts));
    }
    for (const proration of (subscription._pendingProrations as Json[]).splice(0)) {
      const item = this.state.get(proration.item);
      if (item)
        lines.push(
          this.line(invoiceId, subscription, item, this.state.get(item.price)!, proration.amount, proration.quantity, proration.period, true, []),
        );
    }
    return this.finalizeInvoice(invoiceId, subscription, billingReason, lines, discounts, { start: periodStart, end: periodEnd });
  }

  private line(
    invoiceId: string,
    subscription: StripeObject,
    item: StripeObject,
    price: StripeObject,
    amount: number,
    quantity: number,
    period: { start: number; end: number },
    proration: boolean,
    discounts: StripeObject[],
  ): Json {
    const discountAmounts = discounts.map((discount) => ({
      discount: discount.id,
      amount: discountOn(amount, this.state.get(discount.source.coupon)!),
    }));
    return {
      id: `il_${randomToken(24)}`,
      object: 'line_item',
      amount,
      currency: price.currency,
      description: `${quantity} × ${this.state.get(price.product)?.name ?? 'item'}${proration ? ' (proration)' : ''}`,
      discount_amounts: discountAmounts,
      discountable: !proration,
      discounts: discountAmounts.map((entry) => entry.discount),
      invoice: invoiceId,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription: subscription.id, subscription_item: item.id, proration, invoice_item: null },
      },
      period,
      pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
      quantity,
    };
  }

  private finalizeInvoice(
    id: string,
    subscription: StripeObject,
    billingReason: string,
    lines: Json[],
    discounts: StripeObject[],
    period: { start: number; end: number },
  ): StripeObject {
    const customer = this.state.get(subscription.customer)!;
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const totalDiscounts = discounts.map((discount) => ({
      discount: discount.id,
      amount: lines.reduce((sum, line) => sum + (line.discount_amounts.find((entry: Json) => entry.discount === discount.id)?.amount ?? 0), 0),
    }));
    const total = subtotal - totalDiscounts.reduce((sum, entry) => sum + entry.amount, 0);
    const amountDue = Math.max(0, total);
    const now = this.state.now();
    const invoice = this.state.create('in', 'invoice', {
      id,
      customer: customer.id,
      customer_email: customer.email ?? null,
      customer_name: customer.name ?? null,
      currency: lines[0]?.currency ?? 'usd',
      collection_method: 'charge_automatically',
      billing_reason: billingReason,
      status: 'open',
      subtotal,
      total,
      total_discount_amounts: totalDiscounts,
      discounts: discounts.map((discount) => discount.id),
      amount_due: amountDue,
      amount_paid: 0,
      amount_remaining: amountDue,
      attempted: false,
      attempt_count: 0,
      period_start: period.start,
      period_end: period.end,
      number: `LOCAL-${String(this.state.all('invoice').length + 1).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        quote_details: null,
      },
      status_transitions: { finalized_at: now, paid_at: null, voided_at: null, marked_uncollectible_at: null },
      hosted_invoice_url: null,
      _lines: lines,
      _payment_intent: null as string | null,
    });
    this.emit('invoice.created', invoice);
    this.emit('invoice.finalized', invoice);
    if (amountDue === 0) {
      this.markInvoicePaid(invoice, null);
    } else {
      invoice._payment_intent = this.createPaymentIntent({
        amount: amountDue,
        currency: invoice.currency,
        customer: customer.id,
        invoice: invoice.id,
        setupFutureUsage: 'off_session',
      }).id;
    }
    return invoice;
  }

  private markInvoicePaid(invoice: StripeObject, paymentMethodId: string | null) {
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, attempted: true });
    invoice.status_transitions.paid_at = this.state.now();
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    const subscription = this.subscriptionOf(invoice);
    if (!subscription) return;
    if (paymentMethodId && subscription._saveDefaultPaymentMethod && !subscription.default_payment_method) {
      this.updateSubscription(subscription, { default_payment_method: paymentMethodId });
    }
    if (['incomplete', 'past_due', 'unpaid'].includes(subscription.status)) {
      this.updateSubscription(subscription, {
        status: subscription.trial_end && subscription.trial_end > this.state.now() ? 'trialing' : 'active',
        _pastDueSince: null,
      });
    }
  }

  private invoicePaymentFailed(invoice: StripeObject) {
    invoice.attempted = true;
    invoice.attempt_count += 1;
    this.emit('invoice.payment_failed', invoice);
    const subscription = this.subscriptionOf(invoice);
    if (subscription && ['active', 'trialing'].includes(subscription.status)) {
      this.updateSubscription(subscription, { status: 'past_due', _pastDueSince: this.state.now() });
    }
  }

  /** Pays an open invoice with a card (or the customer's default), as `POST /v1/invoices/:id/pay`. */
  payInvoice(invoice: StripeObject, paymentMethodId: string | null, offSession: boolean) {
    if (invoice.status !== 'open') throw invalidRequest(`Invoice is already ${invoice.status}.`, undefined, 'invoice_unexpected_state');
    const intent = this.state.get(invoice._payment_intent)!;
    const methodId = paymentMethodId ?? this.defaultPaymentMethod(this.subscriptionOf(invoice), invoice.customer);
    if (!methodId) {
      this.invoicePaymentFailed(invoice);
      throw invalidRequest('This customer has no attached payment source or default payment method.', undefined, 'invoice_no_payment_method_types');
    }
    this.confirmPaymentIntent(intent, methodId, { offSession });
  }

  subscriptionOf(invoice: StripeObject): StripeObject | undefined {
    const id = invoice.parent?.subscription_details?.subscription;
    return id ? this.state.get(id) : undefined;
  }

  defaultPaymentMethod(subscription: StripeObject | undefined, customerId: string): string | null {
    return subscription?.default_payment_method ?? this.state.get(customerId)?.invoice_settings?.default_payment_method ?? null;
  }

  // ---- subscriptions -----------------------------------------------------------------------------------------------

  createSubscription(request: NewSubscription): StripeObject {
    const now = this.state.now();
    const interval = request.items[0].price.recurring.interval as string;
    const id = `sub_${randomToken(24)}`;
    const trialing = request.trialEnd !== null && request.trialEnd > now;
    const periodEnd = trialing ? request.trialEnd! : addInterval(now, interval);
    const items = request.items.map(({ price, quantity }) =>
      this.state.create('si', 'subscription_item', {
        subscription: id,
        price: price.id,
        quantity,
        current_period_start: now,
        current_period_end: periodEnd,
        discounts: [],
        tax_rates: [],
        billing_thresholds: null,
      }),
    );
    const discounts = request.coupons.map(({ coupon, promotionCode }) => {
      coupon.times_redeemed += 1;
      if (promotionCode) promotionCode.times_redeemed += 1;
      return this.state.create('di', 'discount', {
        source: { type: 'coupon', coupon: coupon.id },
        promotion_code: promotionCode?.id ?? null,
        customer: request.customer.id,
        subscription: id,
        subscription_item: null,
        invoice: null,
        invoice_item: null,
        checkout_session: null,
        start: now,
        end: coupon.duration === 'repeating' ? addInterval(now, 'month', coupon.duration_in_months) : null,
      });
    });
    const subscription = this.state.create('sub', 'subscription', {
      id,
      customer: request.customer.id,
      status: 'incomplete',
      currency: request.items[0].price.currency,
      collection_method: 'charge_automatically',
      billing_cycle_anchor: trialing ? request.trialEnd! : now,
      cancel_at: null,
      cancel_at_period_end: request.cancelAtPeriodEnd,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      ended_at: null,
      start_date: now,
      trial_start: trialing ? now : null,
      trial_end: trialing ? request.trialEnd : null,
      default_payment_method: request.defaultPaymentMethod,
      discounts: discounts.map((discount) => discount.id),
      latest_invoice: `in_${randomToken(24)}` as string,
      metadata: request.metadata,
      payment_settings: { save_default_payment_method: request.saveDefaultPaymentMethod ? 'on_subscription' : 'off', payment_method_types: null },
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      test_clock: null,
      _items: items.map((item) => item.id),
      _pendingProrations: [],
      _saveDefaultPaymentMethod: request.saveDefaultPaymentMethod,
      _trialWillEndSent: false,
      _pastDueSince: null as number | null,
    });
    if (trialing) subscription.status = 'trialing';
    this.emit('customer.subscription.created', subscription);
    const invoice = this.invoiceSubscription(subscription, 'subscription_create', now, periodEnd, !trialing, subscription.latest_invoice);
    const methodId = this.defaultPaymentMethod(subscription, request.customer.id);
    if (invoice.status === 'open' && request.paymentBehavior === 'allow_incomplete' && methodId) {
      try {
        this.payInvoice(invoice, methodId, false);
      } catch (error) {
        // allow_incomplete: a failed first payment leaves the subscription incomplete instead of failing the call.
        if (!(error instanceof StripeApiError)) throw error;
      }
    }
    return subscription;
  }

  /** Changes a subscription and reports it (customer.subscription.updated with the previous values). */
  updateSubscription(subscription: StripeObject, changes: Record<string, unknown>, previousExtra: Json = {}) {
    const before = render(this.state, subscription);
    Object.assign(subscription, changes);
    const after = render(this.state, subscription);
    const previous: Json = { ...previousExtra };
    for (const key of Object.keys(after)) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
    }
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous);
  }

  /** Seat changes: the new quantities, with prorations billed now (`always_invoice`), at renewal, or not at all. */
  changeQuantities(
    subscription: StripeObject,
    quantities: { item: StripeObject; quantity: number }[],
    proration: 'create_prorations' | 'always_invoice' | 'none',
  ) {
    const before = render(this.state, subscription);
    const now = this.state.now();
    const prorations: Json[] = [];
    for (const { item, quantity } of quantities) {
      const price = this.state.get(item.price)!;
      const fraction = Math.max(0, item.current_period_end - now) / (item.current_period_end - item.current_period_start);
      const amount = Math.round((quantity - item.quantity) * price.unit_amount * fraction);
      if (amount !== 0)
        prorations.push({ item: item.id, amount, quantity: quantity - item.quantity, period: { start: now, end: item.current_period_end } });
      item.quantity = quantity;
    }
    if (proration !== 'none') (subscription._pendingProrations as Json[]).push(...prorations);
    this.updateSubscription(subscription, {}, { items: before.items });
    if (proration === 'always_invoice' && prorations.length > 0) {
      const { current_period_end: end } = this.state.get(subscription._items[0])!;
      const invoice = this.invoiceSubscription(subscription, 'subscription_update', now, end, false);
      const methodId = this.defaultPaymentMethod(subscription, subscription.customer);
      if (invoice.status === 'open' && methodId) this.payInvoice(invoice, methodId, true);
    }
  }

  cancelSubscription(
    subscription: StripeObject,
    reason: 'cancellation_requested' | 'payment_failed' = 'cancellation_requested',
    at = this.state.now(),
  ) {
    if (['canceled', 'incomplete_expired'].includes(subscription.status)) {
      throw invalidRequest(`A canceled subscription can only update its cancellation_details and metadata.`, undefined, 'resource_missing');
    }
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: subscription.canceled_at ?? at,
      ended_at: at,
      cancellation_details: { comment: null, feedback: null, reason },
    });
    this.emit('customer.subscription.deleted', subscription);
  }

  // ---- the clock ---------------------------------------------------------------------------------------------------

  /** Runs the clock forward, applying every period end, trial end and expiry on the way, in time order. */
  advanceClock(seconds: number) {
    const target = this.state.now() + seconds;
    for (let step = 0; step < MAX_CLOCK_STEPS; step++) {
      const next = this.state
        .all('subscription')
        .flatMap((subscription) => this.dueActions(subscription))
        .filter((action) => action.at <= target)
        .sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.state.setNow(next.at);
      next.run();
    }
    this.state.setNow(target);
  }

  private dueActions(subscription: StripeObject): { at: number; run: () => void }[] {
    const item = this.state.get(subscription._items[0]);
    if (!item) return [];
    const periodEnd = item.current_period_end as number;
    switch (subscription.status) {
      case 'incomplete':
        return [{ at: subscription.created + INCOMPLETE_EXPIRES_AFTER, run: () => this.expireIncomplete(subscription) }];
      case 'trialing': {
        const notice = subscription._trialWillEndSent
          ? []
          : [{ at: subscription.trial_end - TRIAL_WILL_END_NOTICE, run: () => this.trialWillEnd(subscription) }];
        return [...notice, { at: periodEnd, run: () => this.endPeriod(subscription) }];
      }
      case 'active':
        return [{ at: periodEnd, run: () => this.endPeriod(subscription) }];
      case 'past_due':
        return [
          { at: subscription._pastDueSince + PAST_DUE_CANCELS_AFTER, run: () => this.cancelSubscription(subscription, 'payment_failed') },
          { at: periodEnd, run: () => this.endPeriod(subscription) },
        ];
      default:
        return [];
    }
  }

  private trialWillEnd(subscription: StripeObject) {
    subscription._trialWillEndSent = true;
    this.emit('customer.subscription.trial_will_end', subscription);
  }

  private expireIncomplete(subscription: StripeObject) {
    const invoice = this.state.get(subscription.latest_invoice);
    if (invoice?.status === 'open') {
      Object.assign(invoice, { status: 'void', amount_remaining: 0 });
      invoice.status_transitions.voided_at = this.state.now();
      this.emit('invoice.voided', invoice);
    }
    this.updateSubscription(subscription, { status: 'incomplete_expired', ended_at: this.state.now() });
  }

  /** A period ends: canceled when asked to at period end, else renewed and charged to the default payment method. */
  private endPeriod(subscription: StripeObject) {
    const items = (subscription._items as string[]).map((id) => this.state.get(id)!);
    const start = items[0].current_period_end as number;
    if (subscription.cancel_at_period_end) return this.cancelSubscription(subscription, 'cancellation_requested', start);
    const interval = this.state.get(items[0].price)!.recurring.interval as string;
    const end = addInterval(start, interval);
    const before = render(this.state, subscription);
    for (const item of items) Object.assign(item, { current_period_start: start, current_period_end: end });
    const endsTrial = subscription.status === 'trialing';
    const invoice = this.invoiceSubscription(subscription, 'subscription_cycle', start, end, true);
    this.updateSubscription(subscription, endsTrial ? { status: 'active' } : {}, { items: before.items, latest_invoice: before.latest_invoice });
    if (invoice.status !== 'open') return;
    try {
      this.payInvoice(invoice, null, true);
    } catch (error) {
      // A failed renewal is reported by webhook (invoice.payment_failed) and leaves the subscription past_due.
      if (!(error instanceof StripeApiError)) throw error;
    }
  }

  private applicableDiscounts(subscription: StripeObject, billingReason: string): StripeObject[] {
    const now = this.state.now();
    return (subscription.discounts as string[])
      .map((id) => this.state.get(id)!)
      .filter((discount) => {
        const coupon = this.state.get(discount.source.coupon)!;
        if (coupon.duration === 'once') return billingReason === 'subscription_create';
        return discount.end === null || discount.end > now;
      });
  }

  /** Throws Stripe's error when a coupon cannot be redeemed any more. */
  redeemable(coupon: StripeObject, param: string): StripeObject {
    const exhausted = coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions;
    const expired = coupon.redeem_by !== null && coupon.redeem_by < this.state.now();
    if (!coupon.valid || exhausted || expired) throw invalidRequest(`Coupon ${coupon.id} is no longer valid.`, param, 'coupon_expired');
    return coupon;
  }

  findCoupon(id: string, param: string): StripeObject {
    const coupon = this.state.get(id);
    if (coupon?.object !== 'coupon') throw noSuch('coupon', id, param);
    return coupon;
  }
}

function discountOn(amount: number, coupon: StripeObject): number {
  if (amount <= 0) return 0;
  if (coupon.percent_off !== null) return Math.round((amount * coupon.percent_off) / 100);
  return Math.min(amount, coupon.amount_off ?? 0);
}

/** Calendar months and years in UTC, as Stripe bills (31 Jan + 1 month = 28/29 Feb). */
export function addInterval(time: number, interval: string, count = 1): number {
  const date = new Date(time * 1000);
  const months = (interval === 'year' ? 12 : interval === 'month' ? 1 : 0) * count;
  if (months === 0) return time + (interval === 'week' ? 7 : 1) * DAY * count;
  const target = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}
