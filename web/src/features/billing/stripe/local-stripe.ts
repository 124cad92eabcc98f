/**
 * Local mode's `window.Stripe`: Stripe.js cannot load offline, and `loadStripe` takes `window.Stripe` when it already
 * exists, so `@stripe/stripe-js` and `@stripe/react-stripe-js` run unchanged against the Stripe stand-in
 * (scripts/local/stripe). It implements what they and this app use: `Stripe(publishableKey)`, `elements()` with a
 * card element (fields Card number, Expiry (MM / YY), CVC), `createPaymentMethod`, `confirmCardPayment` and
 * `confirmCardSetup` (with `handleActions: false`, as the app confirms), `retrievePaymentIntent`. The stand-in
 * decides each test card's outcome, as Stripe does. Loaded only in local mode (load-stripe.ts).
 */

type Listener = (event: Record<string, unknown>) => void;
interface StripeAnswer {
  error?: { type: string; code?: string; message: string; payment_intent?: unknown; setup_intent?: unknown };
  [field: string]: unknown;
}

/** What the card fields hold, as the stand-in takes it (`card[number]`, …). */
interface CardInput {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

const digits = (value: string) => value.replace(/\D/g, '');

/** `MM / YY` while typing: the slash comes after the month. */
export function formatExpiry(value: string): string {
  const numbers = digits(value).slice(0, 4);
  return numbers.length > 2 ? `${numbers.slice(0, 2)} / ${numbers.slice(2)}` : numbers;
}

/** `4242 4242 4242 4242` while typing. */
export const formatCardNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The card fields' values, or the message Stripe.js gives for the first one that is incomplete. */
export function readCard(input: CardInput): { card: CardInput } | { error: string } {
  const number = digits(input.number);
  if (number.length < 12) return { error: 'Your card number is incomplete.' };
  if (input.expMonth.length !== 2 || input.expYear.length !== 2 || Number(input.expMonth) < 1 || Number(input.expMonth) > 12) {
    return { error: "Your card's expiration date is incomplete." };
  }
  if (digits(input.cvc).length < 3) return { error: "Your card's security code is incomplete." };
  return { card: { ...input, number } };
}

/** The card element: three labelled inputs mounted where react-stripe-js asks. */
class LocalCardElement {
  private readonly listeners = new Map<string, Set<Listener>>();
  private root: HTMLElement | null = null;
  private readonly inputs: Record<'number' | 'expiry' | 'cvc', HTMLInputElement>;

  constructor() {
    const input = (label: string, placeholder: string, autocomplete: string) => {
      const field = document.createElement('input');
      Object.assign(field, { placeholder, autocomplete, inputMode: 'numeric' });
      field.setAttribute('aria-label', label);
      field.className = 'fg-local-card__input';
      return field;
    };
    this.inputs = {
      number: input('Card number', '1234 1234 1234 1234', 'cc-number'),
      expiry: input('Expiry', 'MM / YY', 'cc-exp'),
      cvc: input('CVC', 'CVC', 'cc-csc'),
    };
    this.inputs.number.addEventListener('input', () => this.reformat('number', formatCardNumber));
    this.inputs.expiry.addEventListener('input', () => this.reformat('expiry', formatExpiry));
    this.inputs.cvc.addEventListener('input', () => this.reformat('cvc', (value) => digits(value).slice(0, 4)));
  }

  mount(target: HTMLElement | string) {
    const node = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!node) throw new Error('The card element has nowhere to mount.');
    this.root = document.createElement('div');
    this.root.className = 'fg-local-card';
    for (const [name, field] of Object.entries(this.inputs)) {
      const label = document.createElement('label');
      label.className = `fg-local-card__field fg-local-card__field--${name}`;
      label.append(field.getAttribute('aria-label') ?? '', field);
      this.root.append(label);
    }
    node.append(this.root);
    queueMicrotask(() => this.emit('ready', {}));
  }

  unmount() {
    this.root?.remove();
    this.root = null;
  }

  destroy() {
    this.unmount();
    this.listeners.clear();
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener?: Listener) {
    if (listener) this.listeners.get(event)?.delete(listener);
    else this.listeners.delete(event);
    return this;
  }

  update() {}

  focus() {
    this.inputs.number.focus();
  }

  blur() {}

  clear() {
    for (const field of Object.values(this.inputs)) field.value = '';
  }

  /** The values typed, for the confirm calls. */
  value(): CardInput {
    const [expMonth = '', expYear = ''] = this.inputs.expiry.value.split('/').map((part) => part.trim());
    return { number: this.inputs.number.value, expMonth, expYear, cvc: this.inputs.cvc.value };
  }

  private reformat(name: keyof LocalCardElement['inputs'], format: (value: string) => string) {
    const field = this.inputs[name];
    field.value = format(field.value);
    const read = readCard(this.value());
    this.emit('change', {
      elementType: 'card',
      empty: Object.values(this.inputs).every((input) => !input.value),
      complete: 'card' in read,
      error: undefined,
    });
  }

  private emit(event: string, payload: Record<string, unknown>) {
    for (const listener of this.listeners.get(event) ?? []) listener({ elementType: 'card', ...payload });
  }
}

class LocalElements {
  private readonly created = new Map<string, LocalCardElement>();

  create(type: string) {
    if (type !== 'card') throw new Error(`The local Stripe stand-in offers the card element only, not ${type}.`);
    const element = new LocalCardElement();
    this.created.set(type, element);
    return element;
  }

  getElement(type: string | { __elementType?: string }) {
    return this.created.get(typeof type === 'string' ? type : (type.__elementType ?? '')) ?? null;
  }

  update() {}
  fetchUpdates() {
    return Promise.resolve({});
  }
  submit() {
    return Promise.resolve({});
  }
}

type CardData = { payment_method?: string | { card?: unknown; billing_details?: Record<string, string> } };

/** The Stripe object for one publishable key, talking to the stand-in at `apiUrl`. */
function localStripe(apiUrl: string, publishableKey: string) {
  const call = async (method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<StripeAnswer> => {
    const form = new URLSearchParams({ key: publishableKey, ...params });
    const response = method === 'GET' ? await fetch(`${apiUrl}${path}?${form.toString()}`) : await fetch(`${apiUrl}${path}`, { method, body: form });
    const body = (await response.json()) as StripeAnswer;
    return response.ok ? body : { error: body.error ?? { type: 'api_error', message: `Stripe answered HTTP ${response.status}.` } };
  };

  /** The payment method fields of a confirm call: a saved method's id, or the card element's values. */
  const paymentMethodFields = (data: CardData | undefined): Record<string, string> | { error: StripeAnswer['error'] } => {
    const method = data?.payment_method;
    if (typeof method === 'string') return { payment_method: method };
    if (!(method?.card instanceof LocalCardElement)) return {};
    const read = readCard(method.card.value());
    if ('error' in read) return { error: { type: 'validation_error', message: read.error } };
    const fields: Record<string, string> = {
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': read.card.number,
      'payment_method_data[card][exp_month]': read.card.expMonth,
      'payment_method_data[card][exp_year]': `20${read.card.expYear}`,
      'payment_method_data[card][cvc]': read.card.cvc,
    };
    for (const [name, value] of Object.entries(method.billing_details ?? {})) fields[`payment_method_data[billing_details][${name}]`] = value;
    return fields;
  };

  const confirm = async (kind: 'payment_intents' | 'setup_intents', clientSecret: string, data: CardData | undefined) => {
    const fields = paymentMethodFields(data);
    if ('error' in fields) return { error: fields.error };
    const intentId = clientSecret.split('_secret_')[0];
    const answer = await call('POST', `/v1/${kind}/${intentId}/confirm`, { client_secret: clientSecret, ...fields });
    const field = kind === 'payment_intents' ? 'paymentIntent' : 'setupIntent';
    return answer.error ? { error: answer.error } : { [field]: answer };
  };

  const notOffered = (name: string) => () => Promise.reject(new Error(`The local Stripe stand-in does not offer ${name}.`));

  return {
    elements: () => new LocalElements(),
    confirmCardPayment: (clientSecret: string, data?: CardData) => confirm('payment_intents', clientSecret, data),
    confirmCardSetup: (clientSecret: string, data?: CardData) => confirm('setup_intents', clientSecret, data),
    retrievePaymentIntent: async (clientSecret: string) => {
      const answer = await call('GET', `/v1/payment_intents/${clientSecret.split('_secret_')[0]}`, { client_secret: clientSecret });
      return answer.error ? { error: answer.error } : { paymentIntent: answer };
    },
    createPaymentMethod: async (options: { type: string; card: unknown; billing_details?: Record<string, string> }) => {
      const fields = paymentMethodFields({ payment_method: { card: options.card, billing_details: options.billing_details } });
      if ('error' in fields) return { error: fields.error };
      const params = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name.replace(/^payment_method_data\[(\w+)\]/, '$1'), value]));
      const answer = await call('POST', '/v1/payment_methods', params);
      return answer.error ? { error: answer.error } : { paymentMethod: answer };
    },
    createToken: notOffered('createToken'),
    confirmPayment: notOffered('confirmPayment (use the card element)'),
    registerAppInfo: () => undefined,
    _registerWrapper: () => undefined,
  };
}

/** Installs the local `window.Stripe` (before `loadStripe` runs). */
export function installLocalStripe(apiUrl: string): void {
  const Stripe = (publishableKey: string) => localStripe(apiUrl.replace(/\/$/, ''), publishableKey);
  // The release train @stripe/stripe-js 10 expects, so it does not warn about a mismatched Stripe.js.
  Stripe.version = 'endive';
  (window as unknown as { Stripe: typeof Stripe }).Stripe = Stripe;
}
