import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { NotFoundPage } from '@/features/layout';
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
    defaultPendingComponent: PagePending,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
