import { matchRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { TitleHandle } from './page-title';
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

/** The routes that show a page: leaves, except those that only redirect. */
function pageRoutes(tree: readonly RouteObject[]): RouteObject[] {
  return tree.flatMap((route) => (route.children ? pageRoutes(route.children) : route.element ? [] : [route]));
}

describe('document titles', () => {
  const pages = pageRoutes(routes);

  it('gives every page a title', () => {
    const untitled = pages.filter((route) => !(route.handle as TitleHandle | undefined)?.title).map((route) => route.path ?? 'index');
    expect(untitled).toEqual([]);
    expect(pages.length).toBeGreaterThan(30);
  });

  it('gives every page its own title (the not-found pages share one)', () => {
    const titles = pages.filter((route) => route.path !== '*').map((route) => (route.handle as TitleHandle).title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
