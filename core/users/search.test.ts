import { normalizeSearch, searchWords } from './search';

describe('searchWords', () => {
  it('finds a user by the start of his e-mail, its parts, his username and each word of his name, lower-cased', () => {
    const words = searchWords({ email: 'Jane.Doe@Example.com', fullName: 'Jane  Van Doe', username: 'JD_Gamer' });
    for (const search of ['jane', 'doe', 'van', 'jane van doe', 'jane.doe', 'jane.doe@ex', 'example.com', 'jd_gamer', 'gamer']) {
      expect(words.some((word) => word.startsWith(normalizeSearch(search)))).toBe(true);
    }
    expect(words.some((word) => word.startsWith('xyz'))).toBe(false);
  });

  it('never repeats a word and never keeps the index separator', () => {
    const words = searchWords({ email: 'a#b@x.io', fullName: 'ab ab', username: null });
    expect(new Set(words).size).toBe(words.length);
    expect(words.join('')).not.toContain('#');
  });
});
