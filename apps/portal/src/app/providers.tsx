import { ToastProvider } from '@assessment/ui/toast';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n/i18n';

/** What every page renders in: texts, the query cache, toasts. The app's and the server's first screen alike. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider label={i18n.t('app.notifications')}>{children}</ToastProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
