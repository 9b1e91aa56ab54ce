/**
 * The page's router, made ready in steps before React hydrates the page.
 *
 * React Router's `HydratedRouter` builds its router inside its first render: it decodes the
 * prerendered state, turns the route manifest into routes, matches the address and creates
 * the router, all in one piece of work that React cannot split. On a slow phone that piece
 * alone kept the main thread busy for 60–110 ms. `createSiteRouter` does the same work as
 * `HydratedRouter` (of the React Router version `FOLLOWS_REACT_ROUTER` names), one step per
 * task, so that a tap in between is answered; `SiteRouter` then renders exactly what
 * `HydratedRouter` renders, so that the prerendered HTML (and each `useId`) hydrates as it
 * was written.
 *
 * Everything here uses React Router's exported building blocks (the `UNSAFE_` ones are those
 * `HydratedRouter` is made of). `tests/e2e/hydration.spec.ts` holds each kind of page to
 * hydrating without an error; `site-router.test.ts` fails when React Router is upgraded, so
 * that this copy is compared with the new `HydratedRouter` (`react-router/dist/*\/dom-export`).
 */
import { useLayoutEffect, useState, type ContextType } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createClientRoutes as createClientRoutes,
  UNSAFE_createRouter as createRouter,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_getHydrationData as getHydrationData,
  UNSAFE_getPatchRoutesOnNavigationFunction as getPatchRoutesOnNavigationFunction,
  UNSAFE_getTurboStreamSingleFetchDataStrategy as getTurboStreamSingleFetchDataStrategy,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  UNSAFE_useFogOFWarDiscovery as useFogOFWarDiscovery,
  type DataRouter,
  type HydrationState,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';

/** The React Router release whose `HydratedRouter` this follows. */
export const FOLLOWS_REACT_ROUTER = '7.18.4';

type Framework = NonNullable<ContextType<typeof FrameworkContext>>;
type Manifest = Framework['manifest'];
type RouteModules = Framework['routeModules'];

/** What the prerendered page hands its scripts, as React Router writes it into the page. */
interface Context {
  basename?: string;
  future: Framework['future'];
  routeDiscovery: Framework['routeDiscovery'];
  ssr: boolean;
  isSpaMode: boolean;
  stream: ReadableStream<Uint8Array> | undefined;
  state: NonNullable<Parameters<typeof createClientRoutes>[2]>;
}

declare global {
  interface Window {
    __reactRouterContext?: Context;
    __reactRouterManifest?: Manifest;
    __reactRouterRouteModules?: RouteModules;
  }
}

interface Ready {
  router: DataRouter;
  context: Context;
  manifest: Manifest;
  routeModules: RouteModules;
}

type ClientRoute = ReturnType<typeof createClientRoutes>[number];

/**
 * The routes the prerendered page matched, nested as in `routes`: those whose modules the
 * page loaded (React Router writes the page's module script to import exactly those). The
 * page's hydration data is worked out from its matches, which these give as the whole table
 * does, without compiling and ranking every one of the table's routes (some 60, one branch
 * per app's page) in a task of its own: that took 20–50 ms with the processor slowed 4×.
 */
function routesOfThePage(routes: ClientRoute[], loaded: RouteModules): ClientRoute[] {
  return routes
    .filter((route) => route.id in loaded)
    .map((route) =>
      route.children ? { ...route, children: routesOfThePage(route.children, loaded) } : route,
    );
}

/**
 * Builds the router of the prerendered page, calling `next()` (a yield to the browser)
 * between its steps.
 */
export async function createSiteRouter(next: () => Promise<void>): Promise<Ready> {
  const context = window.__reactRouterContext;
  const manifest = window.__reactRouterManifest;
  const routeModules = window.__reactRouterRouteModules;
  if (!context || !manifest || !routeModules) {
    throw new Error('The page carries no React Router context: it was not built by React Router');
  }
  const stream = context.stream;
  if (!stream) throw new Error('The page carries no React Router state');
  context.stream = undefined;
  context.state = (await decodeViaTurboStream(stream, window)).value as Context['state'];
  await next();

  const routes = createClientRoutes(
    manifest.routes,
    routeModules,
    context.state,
    context.ssr,
    context.isSpaMode,
  );
  await next();

  let hydrationData: Partial<HydrationState> | undefined;
  if (context.isSpaMode) {
    const { loaderData } = context.state;
    if (manifest.routes['root']?.hasLoader && loaderData && 'root' in loaderData) {
      hydrationData = { loaderData: { root: loaderData['root'] as unknown } };
    }
  } else {
    hydrationData = getHydrationData({
      state: context.state,
      routes: routesOfThePage(routes, routeModules),
      getRouteInfo: (routeId) => ({
        clientLoader: routeModules[routeId]?.clientLoader,
        hasLoader: manifest.routes[routeId]?.hasLoader === true,
        hasHydrateFallback: routeModules[routeId]?.HydrateFallback != null,
      }),
      location: window.location,
      basename: context.basename,
      isSpaMode: context.isSpaMode,
    });
  }
  await next();

  const router: DataRouter = createRouter({
    routes,
    history: createBrowserHistory(),
    basename: context.basename,
    hydrationData,
    hydrationRouteProperties,
    mapRouteProperties,
    future: { v8_passThroughRequests: context.future.v8_passThroughRequests },
    dataStrategy: getTurboStreamSingleFetchDataStrategy(
      () => router,
      manifest,
      routeModules,
      context.ssr,
      context.basename,
      context.future.v8_trailingSlashAwareDataRequests,
    ),
    patchRoutesOnNavigation: getPatchRoutesOnNavigationFunction(
      () => router,
      manifest,
      routeModules,
      context.ssr,
      context.routeDiscovery,
      context.isSpaMode,
      context.basename,
    ),
  });
  if (router.state.initialized) {
    await next();
    router.initialize();
  }
  return { router, context, manifest, routeModules };
}

/** What `HydratedRouter` renders, over the router `createSiteRouter` made. */
export function SiteRouter({ ready }: { ready: Ready }) {
  const { router, context, manifest, routeModules } = ready;
  const [location, setLocation] = useState(router.state.location);
  useLayoutEffect(() => {
    if (!router.state.initialized) router.initialize();
  }, [router]);
  useLayoutEffect(
    () =>
      router.subscribe((state) => {
        if (state.location !== location) setLocation(state.location);
      }),
    [router, location],
  );
  useFogOFWarDiscovery(
    router,
    manifest,
    routeModules,
    context.ssr,
    context.routeDiscovery,
    context.isSpaMode,
  );
  return (
    // The same elements as React Router's server side (`ServerRouter`), so that `useId`
    // values hydrate as they were prerendered.
    <>
      <FrameworkContext.Provider
        value={{
          manifest,
          routeModules,
          future: context.future,
          criticalCss: undefined,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
        }}
      >
        <RemixErrorBoundary location={location}>
          <RouterProvider router={router} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      <></>
    </>
  );
}
