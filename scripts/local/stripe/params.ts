/** Reading form parameters the way Stripe checks them: types, bounds, and no unknown names. */
import { invalidRequest, missingParam } from './errors';
import type { FormParams, FormValue } from './form';

/** Stripe refuses names it does not know; so does the stand-in, so a typo fails here as it would in production. */
export function allowOnly(params: FormParams, allowed: readonly string[]) {
  for (const name of Object.keys(params)) {
    if (!allowed.includes(name) && name !== 'expand') {
      throw invalidRequest(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
    }
  }
}

export function stringParam(params: FormParams, name: string, options: { required: true }): string;
export function stringParam(params: FormParams, name: string, options?: { required?: boolean }): string | undefined;
export function stringParam(params: FormParams, name: string, options: { required?: boolean } = {}): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') {
    if (options.required) throw missingParam(name);
    return undefined;
  }
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${name}`, name);
  if (value.length > 5000) throw invalidRequest(`Invalid string: ${name} is too long (maximum 5000 characters).`, name);
  return value;
}

export function integerParam(params: FormParams, name: string, bounds: { min?: number; max?: number; required?: boolean } = {}): number | undefined {
  const value = stringParam(params, name, { required: bounds.required });
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^-?\d+$/.test(value) || (bounds.min !== undefined && number < bounds.min) || (bounds.max !== undefined && number > bounds.max)) {
    throw invalidRequest(`Invalid integer: ${value}`, name);
  }
  return number;
}

export function booleanParam(params: FormParams, name: string): boolean | undefined {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

export function objectParam(params: FormParams, name: string): FormParams | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid object`, name);
  return value;
}

export function arrayParam(params: FormParams, name: string): FormValue[] | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array`, name);
  return value;
}

/** Metadata as Stripe keeps it: strings; an empty value removes the key. */
export function mergeMetadata(current: Record<string, string>, params: FormParams): Record<string, string> {
  const update = objectParam(params, 'metadata');
  if (!update) return current;
  const merged = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (typeof value !== 'string') throw invalidRequest('Invalid metadata value', `metadata[${key}]`);
    if (key.length > 40 || value.length > 500)
      throw invalidRequest('Metadata keys are limited to 40 characters and values to 500.', `metadata[${key}]`);
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function expandPaths(params: FormParams): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const paths = Array.isArray(value) ? value : [value];
  if (!paths.every((path): path is string => typeof path === 'string')) throw invalidRequest('Invalid array', 'expand');
  return paths;
}
