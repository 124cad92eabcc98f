import { matchRoutes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { routes } from './router';

/** Every concrete path of the registry (patterns with a `:param` are the router's, not links). */
function links(node: object): string[] {
  return Object.values(node).flatMap((value) => (typeof value === 'string' ? (value.includes(':') ? [] : [value]) : links(value)));
}

describe('the route registry', () => {
  it.each(links(paths))('leads %s to a page of its own, not to Not Found', (link) => {
    const matched = matchRoutes(routes, new URL(link, 'http://app.invalid').pathname);
    expect(matched?.at(-1)?.route.path).not.toBe('*');
  });

  it('has a pattern for every page the editor and the analytics of a given item open', () => {
    expect(matchRoutes(routes, '/home/videos/v1/edit')?.at(-1)?.route.path).toBe(paths.home.editVideo);
    expect(matchRoutes(routes, '/home/my-team/statistics/t1')?.at(-1)?.params).toEqual({ id: 't1' });
  });
});
