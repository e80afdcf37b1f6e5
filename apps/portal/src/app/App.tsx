import { RouterProvider } from '@tanstack/react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { setUpSdk } from './sdk';

export const queryClient = createQueryClient();

/**
 * Configures the SDK for the app (and starts loading the contract's validators). main.tsx calls it in a task of its
 * own, before the router's: run while the modules evaluate, it added 8 ms of a fast machine's main thread (the
 * validators' chunk requested through the bundler's preload helper) to the start-up's longest task.
 */
export function startSdk(): void {
  setUpSdk(queryClient);
}

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
