import { isIP } from 'node:net';
import { GraphQLError, Kind, isScalarType, valueFromASTUntyped, type GraphQLSchema, type ValueNode } from 'graphql';

/**
 * AppSync's scalars, checked as AppSync documents them: values must be in the scalar's format both when
 * clients send them and when resolvers return them.
 */
interface ScalarRule {
  /** Accepts a string (or number for AWSTimestamp) in the scalar's format. */
  valid(value: unknown): boolean;
  description: string;
}

const OFFSET = '(Z|[+-]\\d{2}(:\\d{2}(:\\d{2})?)?)';
const TIME = '\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?';
const DATE_RE = new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})${OFFSET}?$`);
const TIME_RE = new RegExp(`^${TIME}${OFFSET}?$`);
const DATE_TIME_RE = new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})T${TIME}${OFFSET}$`);

function isCalendarDate(year: string, month: string, day: string): boolean {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

function matchesDate(re: RegExp, value: unknown): boolean {
  const match = typeof value === 'string' ? re.exec(value) : null;
  return match !== null && isCalendarDate(match[1], match[2], match[3]);
}

function isUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol.length > 1 && !url.pathname.includes('//');
  } catch {
    return false;
  }
}

function isIpAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const [address, prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const rules: Record<string, ScalarRule> = {
  AWSDate: { valid: (v) => matchesDate(DATE_RE, v), description: 'an AWSDate (YYYY-MM-DD)' },
  AWSTime: { valid: (v) => typeof v === 'string' && TIME_RE.test(v), description: 'an AWSTime (hh:mm:ss.sss)' },
  AWSDateTime: {
    valid: (v) => matchesDate(DATE_TIME_RE, v),
    description: 'an AWSDateTime (YYYY-MM-DDThh:mm:ss.sssZ, offset required)',
  },
  AWSTimestamp: { valid: (v) => Number.isSafeInteger(v), description: 'an AWSTimestamp (whole seconds since the epoch)' },
  AWSEmail: { valid: (v) => typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), description: 'an AWSEmail' },
  AWSURL: { valid: isUrl, description: 'an AWSURL (with a scheme)' },
  AWSPhone: { valid: (v) => typeof v === 'string' && /^\+?[\d\s().-]{3,}$/.test(v), description: 'an AWSPhone' },
  AWSIPAddress: { valid: isIpAddress, description: 'an AWSIPAddress' },
};

function checked(name: string, rule: ScalarRule, value: unknown): unknown {
  if (!rule.valid(value)) throw new GraphQLError(`Invalid ${name} value ${JSON.stringify(value)}: expected ${rule.description}.`);
  return value;
}

/** AWSJSON travels as a JSON string; resolvers get (and may return) the parsed value. */
function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') throw new GraphQLError('AWSJSON values must be strings holding JSON.');
  try {
    return JSON.parse(value);
  } catch {
    throw new GraphQLError(`Invalid AWSJSON value: ${value} is not JSON.`);
  }
}

function literal(node: ValueNode): unknown {
  if (node.kind === Kind.INT) return Number(node.value);
  return valueFromASTUntyped(node);
}

/** Gives the prelude's scalars of a freshly built schema their AppSync behaviour (the schema is changed in place). */
export function applyAppSyncScalars(schema: GraphQLSchema): void {
  for (const [name, rule] of Object.entries(rules)) {
    const type = schema.getType(name);
    if (!isScalarType(type)) continue;
    type.serialize = (value) => checked(name, rule, value);
    type.parseValue = (value) => checked(name, rule, value);
    type.parseLiteral = (node, variables) => checked(name, rule, node.kind === Kind.VARIABLE ? variables?.[node.name.value] : literal(node));
  }
  const json = schema.getType('AWSJSON');
  if (isScalarType(json)) {
    json.serialize = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
    json.parseValue = parseJson;
    json.parseLiteral = (node, variables) => parseJson(node.kind === Kind.VARIABLE ? variables?.[node.name.value] : valueFromASTUntyped(node));
  }
}
