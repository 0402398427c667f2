import { createRoutesFromElements, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { appRoutes, legalOverlayRoutes } from '../../../src/app/App';
import { shellRoutes } from '../../../src/app/shell/ShellRoutes';
import { areaForPath } from '../../../src/domain/permissions';
import { AREA_PATHS, CREDIT_BUREAU_PATTERN, INTAKE_PAGE_PATTERN, parseLegalOverlayPath, ROUTES, withSubpaths } from '../../../src/domain/routes';

// One route table (src/domain/routes.ts): the router declares exactly its pages, and nothing else. A <Route> with a
// path of its own, or a page in the table that no <Route> serves, fails here.

/** Every path pattern the routes declare, nested paths joined to their parent's ('terms' under '/' is '/terms'). */
function declaredPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path === undefined ? null : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = own ?? parent;
    return [...(own === null ? [] : [own]), ...declaredPaths(route.children ?? [], here)];
  });
}

/**
 * A declared pattern's page in the table: '/handle/*', '/intake/:page/*' and '/credit/report/:bureau' belong to
 * '/handle', '/intake' and '/credit/report'.
 */
function pageOf(pattern: string): string {
  if (pattern === INTAKE_PAGE_PATTERN) return ROUTES.intake;
  if (pattern === CREDIT_BUREAU_PATTERN) return ROUTES.creditReport;
  // The legal overlays over an area ('/credit/terms-conditions') are the overlay's page.
  const legal = parseLegalOverlayPath(pattern);
  if (legal) return ROUTES[legal.document];
  return pattern.endsWith('/*') ? pattern.slice(0, -2) : pattern;
}

const NOT_FOUND = '/*';

/** The start-up table's routes with the shell's: the shell's are descendant routes of its '/*' splat route. */
function allRoutes(showVisualizer: boolean): RouteObject[] {
  const startup = createRoutesFromElements(appRoutes({ showVisualizer }));
  return [...startup, ...createRoutesFromElements(shellRoutes({ showDevTools: showVisualizer }))];
}

describe('the route table (src/domain/routes.ts)', () => {
  const declared = declaredPaths([...allRoutes(true), ...createRoutesFromElements(legalOverlayRoutes)]);

  it('holds every path the router declares', () => {
    const table = new Set<string>(Object.values(ROUTES));
    const outside = declared.filter((pattern) => pattern !== NOT_FOUND && !table.has(pageOf(pattern)));
    expect(outside).toEqual([]);
    // The catch-all is the not-found page under the shell.
    expect(declared).toContain(NOT_FOUND);
  });

  it('has no page the router does not declare', () => {
    const served = new Set(declared.map(pageOf));
    expect(Object.values(ROUTES).filter((path) => !served.has(path))).toEqual([]);
  });

  it("serves the spec's legal modal routes over home and over money, credit, documents, identity and learning-center", () => {
    for (const base of ['', '/money', '/credit', '/documents', '/identity', '/learning-center']) {
      expect(declared).toContain(`${base}/terms-conditions`);
      expect(declared).toContain(`${base}/privacy-policy`);
    }
    expect(declared).not.toContain('/terms');
  });

  it('leaves the visualizer out where it is not shown (prod, restore)', () => {
    const withoutVisualizer = declaredPaths(allRoutes(false));
    expect(withoutVisualizer).not.toContain(withSubpaths(ROUTES.statecharts));
    expect(withoutVisualizer).not.toContain(withSubpaths(ROUTES.devTools));
    expect(declared).toContain(withSubpaths(ROUTES.statecharts));
    expect(declared).toContain(withSubpaths(ROUTES.devTools));
  });

  it("names each area by its path's first segment, as the access gate reads it", () => {
    for (const [area, path] of Object.entries(AREA_PATHS)) expect(areaForPath(path)).toBe(area);
  });
});
