import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTE_PAGES } from '../../e2e/pages.ts';
import { routes } from './routes.tsx';

/** The full pattern of every route that has a path or is an index, in the router's order. */
function patterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.path !== undefined || route.index ? [own || '/'] : [];
    return [...here, ...patterns(route.children ?? [], own)];
  });
}

describe('the accessibility run’s page list', () => {
  const routed = [...new Set(patterns(routes))];

  it('reads the router’s routes (pages at every depth)', () => {
    expect(routed).toEqual(
      expect.arrayContaining([
        '/',
        '/home',
        '/orders/:id?',
        '/app-panel/withdrawals/:id',
        '/app-panel/super/trading-halt',
        '/*',
      ]),
    );
  });

  it('holds every route of the router, and no route the router does not have', () => {
    expect(routed.filter((p) => !(p in ROUTE_PAGES))).toEqual([]);
    expect(Object.keys(ROUTE_PAGES).filter((p) => !routed.includes(p))).toEqual([]);
  });

  it('sends each redirect to a listed page', () => {
    for (const page of Object.values(ROUTE_PAGES)) {
      if ('redirectsTo' in page) expect(Object.keys(ROUTE_PAGES)).toContain(page.redirectsTo);
    }
  });
});
