import { ToastProvider } from '@assessment/ui/toast';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from '@/lib/i18n/i18n';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { setUpSdk } from './sdk';

const queryClient = createQueryClient();
setUpSdk(queryClient);
const router = createAppRouter(queryClient);

export function App() {
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
