import { configureSdk, EnvelopeError, resetSdkConfig, TimeoutError } from '@assessment/sdk';
import { I18nProvider } from '@lingui/react';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeError, TIMEOUT_TEXT } from '@/lib/errors/describe-error';
import { i18n } from '@/lib/i18n/i18n';
import { API } from '@/test/render';
import { RenameProjectForm } from './RenameProjectForm';

/** The app's way: a failed mutation is reported (to the error modal); here it is collected. */
function renderForm(fetchMock: typeof fetch) {
  configureSdk({ baseUrl: API, fetch: fetchMock, timeoutMs: 50 });
  const reported: unknown[] = [];
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    mutationCache: new MutationCache({
      onError: (error) => {
        reported.push(error);
      },
    }),
  });
  const showMessage = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RenameProjectForm projectId={7} currentName="Contoso" showMessage={showMessage} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { reported, showMessage };
}

/** Answers the rename with `answer`; every other call (settings) is not found. */
function fetchAnswering(answer: (signal: AbortSignal | null) => Promise<Response>): typeof fetch {
  return vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (request.method === 'POST') return answer(request.signal);
    return Promise.resolve(new Response('not found', { status: 404 }));
  });
}

afterEach(() => {
  resetSdkConfig();
});

describe('RenameProjectForm faults: the catalogue message, the typed name kept', () => {
  it('a timeout is reported as the fixed connectivity text', async () => {
    const { reported, showMessage } = renderForm(
      fetchAnswering(
        (signal) =>
          new Promise((_resolve, reject) => {
            signal?.addEventListener('abort', () => {
              reject(signal.reason as Error);
            });
          }),
      ),
    );
    const field = screen.getByRole('textbox', { name: /Project name/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'Contoso 2027');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => {
      expect(reported).toHaveLength(1);
    });
    expect(reported[0]).toBeInstanceOf(TimeoutError);
    expect(describeError(reported[0])).toEqual({ kind: 'text', text: TIMEOUT_TEXT });
    expect(field).toHaveValue('Contoso 2027');
    expect(showMessage).not.toHaveBeenCalled();
  });

  it('an envelope error inside HTTP 200 is reported with its ErrorState.ErrorCode', async () => {
    const { reported } = renderForm(
      fetchAnswering(() =>
        Promise.resolve(
          Response.json({
            StatusCode: 400,
            ResourceKey: null,
            ErrorState: { ErrorCode: 'emptyfield' },
            Message: null,
            Data: null,
          }),
        ),
      ),
    );
    const field = screen.getByRole('textbox', { name: /Project name/ });
    await userEvent.type(field, ' kept');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => {
      expect(reported).toHaveLength(1);
    });
    expect(reported[0]).toBeInstanceOf(EnvelopeError);
    expect(describeError(reported[0])).toEqual({ kind: 'message', key: 'emptyfield' });
    expect(field).toHaveValue('Contoso kept');
  });

  it('an empty name asks for one (emptyfield) without calling the server', async () => {
    const fetchMock = fetchAnswering(() => Promise.resolve(Response.json({})));
    const { showMessage } = renderForm(fetchMock);
    await userEvent.clear(screen.getByRole('textbox', { name: /Project name/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(showMessage).toHaveBeenCalledWith('emptyfield');
    const urls = vi
      .mocked(fetchMock)
      .mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()));
    expect(urls.some((url) => url.includes('/update/'))).toBe(false);
  });
});
