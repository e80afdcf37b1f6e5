import { ToastProvider } from '@assessment/ui/toast';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from '@/lib/i18n/i18n';
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
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider label={i18n.t('app.notifications')}>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
