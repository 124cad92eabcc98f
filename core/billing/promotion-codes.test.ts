import { parsePromotionCodes } from './promotion-codes';

describe('parsePromotionCodes', () => {
  it('reads one code per row, upper-cased, skipping a header and blank lines', () => {
    expect(parsePromotionCodes('code\r\nspring-01\n\nSPRING-02,extra column\n')).toEqual({ codes: ['SPRING-01', 'SPRING-02'] });
  });

  it('refuses duplicate codes whatever their case, naming the code and its rows', () => {
    expect(parsePromotionCodes('AAA1\nbbb2\naaa1\n')).toEqual({ error: 'The file has duplicate codes: AAA1 (rows 1 and 3).' });
  });

  it('refuses an empty file and one with only a header', () => {
    expect(parsePromotionCodes('')).toEqual({ error: 'The file is empty: it has no codes.' });
    expect(parsePromotionCodes('code\n\n')).toEqual({ error: 'The file is empty: it has no codes.' });
  });

  it('refuses binary content and invalid codes', () => {
    expect(parsePromotionCodes('PK\u0003\u0004\u0000\u0000')).toEqual({ error: 'The file is not a CSV text file.' });
    expect(parsePromotionCodes('GOOD-1\nnot a code!\n')).toEqual({
      error: 'Row 2: "not a code!" is not a valid code (3 to 64 letters, digits, - or _).',
    });
  });

  it('refuses a quote left open', () => {
    expect(parsePromotionCodes('"ABC-1\nDEF-2\n')).toEqual({ error: expect.stringMatching(/^The file is not valid CSV: .+ \(row \d+\)\.$/) });
  });
});
