import { configureSdk } from '@assessment/sdk';
import { validators } from '@assessment/sdk/validators';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';

export const API = 'http://portal.test';

/** A fetch double answering by "METHOD /path" (JSON bodies unless a Response is given). */
export function fakeApi(routes: Record<string, unknown>) {
  const calls: string[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    calls.push(`${key}${url.search}`);
    const answer = routes[key];
    if (answer instanceof Response) return Promise.resolve(answer);
    if (answer === undefined) return Promise.resolve(new Response('not found', { status: 404 }));
    if (typeof answer === 'string')
      return Promise.resolve(new Response(answer, { headers: { 'Content-Type': 'text/html' } }));
    return Promise.resolve(Response.json(answer));
  });
  configureSdk({
    baseUrl: API,
    uploadBaseUrl: `${API}/upload-service`,
    ticketBaseUrl: `${API}/support-service`,
    fetch: fetchMock,
    // Validated, as the portal runs (src/app/sdk.ts).
    validate: true,
    validators,
  });
  return { fetchMock, calls };
}

export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return {
    queryClient,
    ...render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </I18nProvider>,
    ),
  };
}
