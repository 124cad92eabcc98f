/** Stripe's request encoding: form fields in bracket notation (`items[0][price]=…`, `expand[]=…`) into nested values. */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

const MAX_DEPTH = 6;

export function parseForm(encoded: string): FormParams {
  const root: FormParams = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw new FormError(`Invalid parameter name: ${rawKey}`);
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])];
    if (path.length > MAX_DEPTH) throw new FormError(`Parameter nested too deeply: ${rawKey}`);
    assign(root, path, value, rawKey);
  }
  return arraysFromIndexes(root) as FormParams;
}

export class FormError extends Error {}

function assign(container: { [key: string]: FormValue }, path: string[], value: string, rawKey: string) {
  let node = container;
  path.forEach((segment, i) => {
    // `a[]` appends: give it the next free index.
    const key = segment === '' ? String(Object.keys(node).length) : segment;
    if (i === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next === 'string') throw new FormError(`Invalid parameter: ${rawKey}`);
    node[key] = next ?? {};
    node = node[key] as { [key: string]: FormValue };
  });
}

/** Objects whose keys are exactly 0..n-1 become arrays (`items[0]`, `items[1]`). */
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndexes(value[key])]));
  const isList =
    keys.length > 0 &&
    keys.every((key) => /^\d+$/.test(key)) &&
    keys
      .map(Number)
      .sort((a, b) => a - b)
      .every((n, i) => n === i);
  return isList ? keys.map((_, i) => converted[String(i)]) : converted;
}
