import type { ResolverEvent } from './appsync';
import { callerAddressOf, UNKNOWN_ADDRESS } from './caller-address';

const event = (identity: unknown, forwardedFor?: string) =>
  ({ identity, request: { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } } }) as unknown as ResolverEvent;

describe('callerAddressOf', () => {
  it("takes a signed-in caller's address from AppSync's identity", () => {
    expect(callerAddressOf(event({ sub: 'u1', sourceIp: ['203.0.113.7'] }, '198.51.100.1, 10.0.0.1'))).toBe('203.0.113.7');
  });

  it('takes the address CloudFront saw for an API-key caller, not one the caller forged further left', () => {
    expect(callerAddressOf(event(null, '203.0.113.7, 130.176.1.2'))).toBe('203.0.113.7');
    expect(callerAddressOf(event(null, '1.2.3.4, 203.0.113.7, 130.176.1.2'))).toBe('203.0.113.7');
    expect(callerAddressOf(event(null, '203.0.113.7'))).toBe('203.0.113.7');
  });

  it('names one shared address when the call carries none', () => {
    expect(callerAddressOf(event(null))).toBe(UNKNOWN_ADDRESS);
    expect(callerAddressOf(event(null, ' , '))).toBe(UNKNOWN_ADDRESS);
  });
});
