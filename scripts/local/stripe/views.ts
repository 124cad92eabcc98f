/** What the API answers: stored objects as Stripe shows them, `expand[]`, list and search-result pages. */
import { invalidRequest } from './errors';
import type { FormParams } from './form';
import { integerParam, stringParam } from './params';
import type { StandInState, StripeObject } from './state';

export type Json = Record<string, any>;

/** A copy without the stand-in's `_` bookkeeping, with the parts Stripe always embeds (items, lines). */
export function render(state: StandInState, stored: StripeObject): Json {
  const view = publicCopy(stored);
  if (stored.object === 'subscription') {
    const items = (stored._items as string[]).map((id) => render(state, state.get(id)!));
    view.items = list(items, `/v1/subscription_items?subscription=${stored.id}`);
  }
  if (stored.object === 'subscription_item') view.price = render(state, state.get(stored.price)!);
  if (stored.object === 'invoice') view.lines = list(publicCopy(stored._lines), `/v1/invoices/${stored.id}/lines`);
  return view;
}

function publicCopy<T>(value: T): any {
  return JSON.parse(JSON.stringify(value, (key, inner) => (key.startsWith('_') ? undefined : inner)));
}

export function list(data: Json[], url: string, hasMore = false): Json {
  return { object: 'list', data, has_more: hasMore, url };
}

/** One page of a list (newest first), by `limit`, `starting_after` and `ending_before` as Stripe pages. */
export function page(items: Json[], url: string, params: FormParams): Json {
  const limit = integerParam(params, 'limit', { min: 1, max: 100 }) ?? 10;
  const after = stringParam(params, 'starting_after');
  const before = stringParam(params, 'ending_before');
  let start = 0;
  let end = items.length;
  if (after !== undefined) start = indexOrThrow(items, after, 'starting_after') + 1;
  if (before !== undefined) end = indexOrThrow(items, before, 'ending_before');
  const window = before !== undefined ? items.slice(Math.max(start, end - limit), end) : items.slice(start, start + limit);
  const hasMore = before !== undefined ? end - limit > start : start + limit < end;
  return list(window, url, hasMore);
}

function indexOrThrow(items: Json[], id: string, param: string): number {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) throw invalidRequest(`No such object: '${id}'`, param, 'resource_missing');
  return index;
}

/** Fields Stripe leaves out unless they are expanded (`latest_invoice.confirmation_secret`, `…payments`). */
type Includables = (view: Json, field: string) => unknown;

/** Applies `expand[]` paths: ids become their objects, includable fields appear; anything else is Stripe's error. */
export function expand(state: StandInState, view: Json, paths: string[], includable: Includables): Json {
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4) throw invalidRequest(`You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    expandPath(state, view, segments, path, includable);
  }
  return view;
}

function expandPath(state: StandInState, node: unknown, segments: string[], path: string, includable: Includables) {
  if (node === null || typeof node !== 'object' || segments.length === 0) return;
  const view = node as Json;
  const [head, ...rest] = segments;
  const cannot = () => invalidRequest(`This property cannot be expanded (${head}).`, 'expand');
  if (head === 'data' && (view.object === 'list' || view.object === 'search_result')) {
    for (const item of view.data as Json[]) expandPath(state, item, rest, path, includable);
    return;
  }
  if (!(head in view)) {
    const included = includable(view, head);
    if (included === undefined) throw cannot();
    view[head] = included;
  }
  const resolve = (value: unknown) => {
    if (typeof value !== 'string') return value;
    const target = state.get(value);
    if (!target) throw cannot();
    return render(state, target);
  };
  view[head] = Array.isArray(view[head]) ? view[head].map(resolve) : resolve(view[head]);
  if (Array.isArray(view[head])) for (const item of view[head]) expandPath(state, item, rest, path, includable);
  else expandPath(state, view[head], rest, path, includable);
}
