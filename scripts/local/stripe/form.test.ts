import { parseForm } from './form';

describe("Stripe's form encoding", () => {
  it('nests bracket notation into objects and indexed lists', () => {
    expect(parseForm('customer=cus_1&items[0][price]=price_a&items[0][quantity]=3&items[1][price]=price_b&metadata[teamId]=t-1')).toEqual({
      customer: 'cus_1',
      items: [{ price: 'price_a', quantity: '3' }, { price: 'price_b' }],
      metadata: { teamId: 't-1' },
    });
  });

  it('reads expand[] and encoded brackets as lists', () => {
    expect(parseForm('expand[]=latest_invoice&expand[]=customer')).toEqual({ expand: ['latest_invoice', 'customer'] });
    expect(parseForm('expand%5B0%5D=latest_invoice.confirmation_secret')).toEqual({ expand: ['latest_invoice.confirmation_secret'] });
  });

  it('keeps an object with gaps in its indexes an object, and refuses a name used as both value and object', () => {
    expect(parseForm('a[1]=x')).toEqual({ a: { 1: 'x' } });
    expect(() => parseForm('a=x&a[b]=y')).toThrow('Invalid parameter: a[b]');
    expect(() => parseForm('a]=x')).toThrow('Invalid parameter name');
  });
});
