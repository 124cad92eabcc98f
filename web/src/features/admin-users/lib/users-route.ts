/**
 * What the part of the address after /home/users/ asks for (docs/product.md, "Signed-in routes"): the list alone, a
 * user's side panel, or one of the action routes whose confirmation dialog opens over the list.
 */
type UsersRoute =
  { kind: 'list' } | { kind: 'panel'; id: string } | { kind: 'disable' | 'enable'; id: string } | { kind: 'bulk-delete'; ids: string[] };

const ACTIONS = new Set(['disable', 'enable']);

export function usersRouteOf(rest: string | undefined): UsersRoute {
  const parts = (rest ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  const [first, action] = parts;
  if (!first || parts.length > 2) return { kind: 'list' };
  if (action === 'bulk-delete') {
    const ids = [...new Set(first.split(',').filter(Boolean))];
    return ids.length ? { kind: 'bulk-delete', ids } : { kind: 'list' };
  }
  if (action && ACTIONS.has(action)) return { kind: action as 'disable' | 'enable', id: first };
  return action ? { kind: 'list' } : { kind: 'panel', id: first };
}
