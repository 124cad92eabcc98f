import { boundedMessage } from './errors';

describe('boundedMessage', () => {
  it('keeps a long message, its ellipsis included, within 500 characters', () => {
    const message = `Variable "$data" got invalid value { ${'title: x, '.repeat(80)}}; Field "fgbad" is not defined by type "VideoUpdateInput".`;
    const bounded = boundedMessage(message);
    expect(bounded).toHaveLength(500);
    expect(bounded.endsWith('…')).toBe(true);
  });

  it('leaves a short message as it is', () => {
    expect(boundedMessage('Field "x" is not defined.')).toBe('Field "x" is not defined.');
  });
});
