import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { setUpSdk } from './sdk';

export const queryClient = createQueryClient();
setUpSdk(queryClient);

/**
 * The app's router. main.tsx creates it in a task of its own (building the route tree is one of the larger pieces
 * of start-up work) and loads the first page with it before React renders.
 */
export function startRouter() {
  return createAppRouter(queryClient);
}

export function App({ router }: { router: ReturnType<typeof startRouter> }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
