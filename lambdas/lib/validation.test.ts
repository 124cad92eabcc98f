import { z } from 'zod';
import { ValidationError } from './errors';
import { parseInput } from './validation';

describe('parseInput', () => {
  it('refuses with a ValidationError that never quotes a huge value in full', () => {
    const echoing = z.string().refine(() => false, { error: (issue) => `"${String(issue.input)}" is not allowed.` });
    const parse = () => parseInput(echoing, 'x'.repeat(100_000));
    expect(parse).toThrow(ValidationError);
    expect(parse).toThrow(/^"x{299}…$/);
  });

  it('returns the parsed value', () => {
    expect(parseInput(z.object({ a: z.string().trim() }), { a: ' b ' })).toEqual({ a: 'b' });
  });
});
