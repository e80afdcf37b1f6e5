import { resetSdkConfig } from '@assessment/sdk';
import { validators } from '@assessment/sdk/validators';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/render';
import { usePromoLogoStatus } from './get-promo-logo-status';

const status = (Status: string) =>
  Response.json({
    StatusCode: 200,
    ResourceKey: null,
    ErrorState: null,
    Message: null,
    Data: {
      PromoSiteId: 3,
      LogoFor: 'header',
      Status,
      Logo: Status === 'Ready' ? '/promologo/3/header/a.png' : null,
    },
  });

beforeEach(async () => {
  // The SDK loads an operation's validators (a dynamic import) on its first validated call: loaded here first, so
  // the fake clock below measures the polling and not the module loading.
  await (await validators()).getPromoLogoStatus?.();
  vi.useFakeTimers({ shouldAdvanceTime: false });
});

afterEach(() => {
  vi.useRealTimers();
  resetSdkConfig();
});

describe('usePromoLogoStatus: polled every 5 s until ready or failed', () => {
  it('asks again at 5,000 ms, not at 4,999 ms, and stops once ready', async () => {
    const answers = ['Processing', 'Processing', 'Ready'];
    const { fetchMock } = fakeApi({});
    fetchMock.mockImplementation(() => Promise.resolve(status(answers.shift() ?? 'Ready')));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => usePromoLogoStatus(3, true), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.data?.Data.Status).toBe('Processing');
    expect((fetchMock.mock.calls[0]![0] as Request).url).toContain('/promologo/status?promoSiteId=3');

    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await act(() => vi.advanceTimersByTimeAsync(0));
    const cached = queryClient.getQueryCache().getAll()[0]?.state.data as { Data: { Status: string } };
    expect(cached.Data.Status).toBe('Ready');
    // Ready: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('stops once failed; does not ask before an upload', async () => {
    const { fetchMock } = fakeApi({ 'GET /promologo/status': status('Failed') });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const idle = renderHook(() => usePromoLogoStatus(4, false), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetchMock).not.toHaveBeenCalled();
    idle.unmount();
    renderHook(() => usePromoLogoStatus(4, true), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
