import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
// eslint-disable-next-line no-restricted-imports -- the router plugin's generated route tree has no package entry point; this is its only import
import { routeTree } from '@/routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // The spec's URLs are matched case-insensitively (/UserManagement/... and /usermanagement/... alike).
    caseSensitive: false,
    defaultPreload: 'intent',
    // Loaders read through the QueryClient's cache, so the router never keeps stale data of its own.
    defaultPreloadStaleTime: 0,
    // Loaded on first use, like every route's own pending/error components (code-split by the router plugin).
    // The modules are imported directly: a dynamic import of a feature's index would keep all of it in the entry.
    defaultPendingComponent: lazyRouteComponent(
      () => import('@/features/errors/components/PagePending'),
      'PagePending',
    ),
    defaultErrorComponent: lazyRouteComponent(
      () => import('@/features/errors/components/RouteError'),
      'RouteError',
    ),
    defaultNotFoundComponent: lazyRouteComponent(
      () => import('@/features/layout/components/NotFoundPage'),
      'NotFoundPage',
    ),
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
