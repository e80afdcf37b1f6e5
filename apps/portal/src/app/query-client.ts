import { MutationCache, QueryClient } from '@tanstack/react-query';
import { reportError } from '@/lib/errors/error-bus';

/**
 * One QueryClient for the app. Failed mutations go to the error modal (spec part 8); failed loaders are shown
 * by the route's errorComponent. SDK errors are final (the runtime already decided), so no retries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silentError === true) return;
        reportError(error);
      },
    }),
  });
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { silentError?: boolean };
  }
}
