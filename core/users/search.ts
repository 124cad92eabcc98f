/**
 * The words a user is found by in the admin user search (docs/data-model.md, "User search"): lower-cased, each the
 * start of a search. A search matches a user when it is the beginning of one of his words, so "doe", "jane",
 * "jane doe", "jane.doe", "example.com" and "jane.doe@ex" all find jane.doe@example.com / Jane Doe.
 */
export interface SearchableUser {
  email: string;
  fullName?: string | null;
  username?: string | null;
}

/** '#' separates a word from the user id in the index's sort key, so it is never part of a word. */
const normalize = (text: string) => text.toLowerCase().replace(/#/g, '').replace(/\s+/g, ' ').trim();

/** The distinct words of a user: whole e-mail, its local part and domain and their pieces, the username, the name and its words. */
export function searchWords(user: SearchableUser): string[] {
  const email = normalize(user.email);
  const [local = '', domain = ''] = email.split('@');
  const name = normalize(user.fullName ?? '');
  const username = normalize(user.username ?? '');
  const words = [email, local, domain, ...local.split(/[._+-]/), username, name, ...name.split(' '), ...username.split(/[ ._-]/)];
  return [...new Set(words.filter((word) => word !== ''))];
}

/** The search as the index compares it (lower-cased, spaces collapsed); empty means no search. */
export const normalizeSearch = (search: string | null | undefined) => normalize(search ?? '');
