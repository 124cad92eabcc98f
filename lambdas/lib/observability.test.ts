import { z } from 'zod';
import { ANYONE } from '@core/policy';
import { createResolverHandler, type ResolverEvent } from './appsync';
import { createFieldHandler, field } from './fields';
import { UnauthorizedError, ValidationError } from './errors';
import { countRefusal, countSuccess } from './observability';

// What an operator sees of one invocation: JSON log lines with the ids, and the business metrics in EMF (CloudWatch
// reads both streams of a function).
function captureOutput() {
  const lines: Record<string, any>[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(
      ...String(chunk)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, any>),
    );
    return true;
  };
  const spies = [jest.spyOn(process.stdout, 'write').mockImplementation(capture), jest.spyOn(process.stderr, 'write').mockImplementation(capture)];
  return { lines, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

const event = (fieldName: string) =>
  ({
    info: { parentTypeName: 'Mutation', fieldName },
    arguments: {},
    identity: null,
    request: { headers: { 'x-correlation-id': 'corr-123' } },
  }) as unknown as ResolverEvent;

const handler = createResolverHandler({
  'Mutation.loginUser': async () => countRefusal('SignInRefused', async () => Promise.reject(new UnauthorizedError('Incorrect password'))),
  'Mutation.signUpUser': async () => countSuccess('SignUp', async () => Promise.reject(new ValidationError('Email is required'))),
  'Mutation.submitAnswers': async () => countSuccess('CheckIn', async () => ({ date: '2026-05-01' })),
});

const metricsIn = (lines: Record<string, any>[]) =>
  lines
    .filter((line) => line._aws)
    .map((line) => ({
      namespace: line._aws.CloudWatchMetrics[0].Namespace,
      names: line._aws.CloudWatchMetrics[0].Metrics.map((m: { Name: string }) => m.Name),
      line,
    }));

describe('observed handlers', () => {
  it('counts a refused sign-in and logs the refusal with its request and correlation ids', async () => {
    const output = captureOutput();
    try {
      await expect(handler(event('loginUser'))).rejects.toThrow('Incorrect password');
    } finally {
      output.restore();
    }
    const [refusal] = output.lines.filter((line) => line.message === 'resolver refused');
    expect(refusal).toMatchObject({ level: 'WARN', service: 'fitgauge', correlation_id: 'corr-123', function_request_id: expect.any(String) });
    const [metric] = metricsIn(output.lines);
    expect(metric).toMatchObject({ namespace: 'FitGauge', names: ['SignInRefused'], line: { SignInRefused: 1, service: 'fitgauge' } });
  });

  it('counts a check-in that succeeded and nothing for a sign-up that failed', async () => {
    const output = captureOutput();
    try {
      await handler(event('submitAnswers'));
      await expect(handler(event('signUpUser'))).rejects.toThrow('Email is required');
    } finally {
      output.restore();
    }
    expect(metricsIn(output.lines).map((metric) => metric.names)).toEqual([['CheckIn']]);
  });
});

describe('tracing outside Lambda', () => {
  it('keeps the X-Ray SDK in manual mode, so no async hook runs on every promise of the local gateway', async () => {
    const { isAutomaticMode } = await import('aws-xray-sdk-core');
    expect(isAutomaticMode()).toBe(false);
  });

  it('counts the refusal a declaration names for bad arguments too, and nothing for a call it serves', async () => {
    const declared = createFieldHandler(
      {
        'Mutation.loginUser': field({
          policy: ANYONE,
          args: z.object({ email: z.string().min(1, 'Email is required') }),
          countsRefusalAs: 'SignInRefused',
          resolve: async () => 'signed in',
        }),
      },
      { teams: { get: async () => null, getMembership: async () => null, membershipsOfUser: async () => [] }, signOuts: null },
    );
    const output = captureOutput();
    try {
      await expect(declared({ ...event('loginUser'), arguments: { email: '' } })).rejects.toThrow('Email is required');
      await expect(declared({ ...event('loginUser'), arguments: { email: 'ana@example.com' } })).resolves.toBe('signed in');
    } finally {
      output.restore();
    }
    expect(metricsIn(output.lines).map((metric) => metric.names)).toEqual([['SignInRefused']]);
  });
});
