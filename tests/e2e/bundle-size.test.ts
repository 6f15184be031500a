// The built app's route budgets (scripts/bundle-size.ts), checked with every test run after the build, so a
// change that makes a first visit download more than its budget fails here and not only in `npm run size`.
import { describe, expect, it } from 'vitest';
import { ROUTE_BUDGETS_KB, routeSizes } from '../../scripts/bundle-size';

describe('initial JavaScript of the built app', () => {
  const sizes = routeSizes();

  it('every measured route has a budget', () => {
    const routes = sizes.map(({ route }) => route).filter((route) => !route.startsWith('('));
    expect(routes.sort()).toEqual(Object.keys(ROUTE_BUDGETS_KB).sort());
  });

  it.each(Object.entries(ROUTE_BUDGETS_KB))('%s is within its budget of %i KB gzipped', (route, budgetKb) => {
    const size = sizes.find((entry) => entry.route === route);
    expect(size, `${route} is not measured`).toBeDefined();
    expect(size!.kb).toBeLessThanOrEqual(budgetKb);
  });
});
