import {
  AbortError,
  EnvelopeError,
  HttpError,
  NetworkError,
  TimeoutError,
  type CollectorReadyEnvelope,
} from '@assessment/sdk';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_404_TEXT, TIMEOUT_TEXT } from '@/lib/errors/describe-error';
import { i18n } from '@/lib/i18n/i18n';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import { collectorReadyQuery } from './api/is-collector-ready';
import { captureCollectorReadyQuery } from './api/is-collector-ready-dpack-capture';
import { captureTokenOf, CAPTURE_LINK_PATH } from './capture-link';
import { COLLECTOR_DOWNLOAD_ERROR_KEY, describeCollectorFailure } from './collector-errors';
import { COLLECTOR_READY_POLL_MS, collectorReadyRefetchInterval } from './collector-poll';
import { keyCollectorConfirmKey, keyCollectorStateText } from './key-collector-status';

afterEach(() => {
  vi.useRealTimers();
});

describe('collector readiness poll', () => {
  it('polls every 2 s until IsReady, then stops', () => {
    expect(COLLECTOR_READY_POLL_MS).toBe(2_000);
    expect(collectorReadyRefetchInterval(undefined)).toBe(2_000);
    expect(collectorReadyRefetchInterval(false)).toBe(2_000);
    expect(collectorReadyRefetchInterval(true)).toBe(false);
    expect(collectorReadyRefetchInterval(false, 50)).toBe(50);
  });

  async function expectPolls(
    observe: (queryClient: QueryClient, queryFn: () => Promise<CollectorReadyEnvelope>) => () => void,
  ) {
    vi.useFakeTimers();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answer: CollectorReadyEnvelope = {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: { CollectorId: 9921, IsReady: false },
    };
    const fetchReady = vi.fn(() => Promise.resolve(structuredClone(answer)));
    const unsubscribe = observe(queryClient, fetchReady);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchReady).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchReady).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchReady).toHaveBeenCalledTimes(2);
    answer.Data.IsReady = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchReady).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchReady).toHaveBeenCalledTimes(3);
    unsubscribe();
    queryClient.clear();
  }

  it('isCollectorReady refetches at 2,000 ms (not 1,999 ms) and not once ready', async () => {
    await expectPolls((queryClient, queryFn) =>
      new QueryObserver(queryClient, { ...collectorReadyQuery(9921), queryFn }).subscribe(() => undefined),
    );
  });

  it('isCollectorReadyDpackCapture polls the same way', async () => {
    await expectPolls((queryClient, queryFn) =>
      new QueryObserver(queryClient, {
        ...captureCollectorReadyQuery(9921, 'capture-token-1'),
        queryFn,
      }).subscribe(() => undefined),
    );
  });
});

describe('collector download failures (spec part 8)', () => {
  const op = { operation: 'insertCollector' };
  it('a failure without its own key is collectorDownloadError', () => {
    expect(COLLECTOR_DOWNLOAD_ERROR_KEY).toBe('collectorDownloadError');
    const want = { kind: 'message', key: 'collectorDownloadError' };
    expect(describeCollectorFailure(new HttpError(500, { ...op, body: {} }))).toEqual(want);
    expect(describeCollectorFailure(new NetworkError(op))).toEqual(want);
    expect(describeCollectorFailure(new Error('boom'))).toEqual(want);
    expect(
      describeCollectorFailure(
        new EnvelopeError(500, { ...op, body: { StatusCode: 500, ResourceKey: 'generalError' } }),
      ),
    ).toEqual(want);
  });

  it("the server's own key, the fixed texts and an abort stay as the catalogue says", () => {
    expect(
      describeCollectorFailure(
        new EnvelopeError(400, { ...op, body: { StatusCode: 400, ResourceKey: 'choose_collector' } }),
      ),
    ).toEqual({ kind: 'message', key: 'choose_collector' });
    expect(describeCollectorFailure(new TimeoutError(30_000, op))).toEqual({
      kind: 'text',
      text: TIMEOUT_TEXT,
    });
    expect(describeCollectorFailure(new HttpError(404, op))).toEqual({ kind: 'text', text: ERROR_404_TEXT });
    expect(describeCollectorFailure(new AbortError(op))).toEqual({ kind: 'none' });
  });
});

describe('key collectors', () => {
  it('confirms with confirm_enable_collector / confirm_disable_collector', () => {
    expect(keyCollectorConfirmKey(true)).toBe('confirm_enable_collector');
    expect(keyCollectorConfirmKey(false)).toBe('confirm_disable_collector');
  });

  it('shows the state as translated words', () => {
    expect(i18n._(keyCollectorStateText(true))).toBe('Enabled');
    expect(i18n._(keyCollectorStateText(false))).toBe('Disabled');
    expect(de.collectors.keys.enabled).toBe('Aktiviert');
    expect(de.collectors.keys.disabled).toBe('Deaktiviert');
    expect(en.collectors.keys.enabled).not.toBe('true');
  });
});

describe('capture link', () => {
  it('carries the CaptureRequestToken in its query string', () => {
    expect(CAPTURE_LINK_PATH).toBe('/dpackcapture');
    expect(captureTokenOf('?CaptureRequestToken=2b7f0c1e-64d4')).toBe('2b7f0c1e-64d4');
    expect(captureTokenOf('?capturerequesttoken=%20abc-12345%20')).toBe('abc-12345');
    expect(captureTokenOf('?modal=CollectorInfo')).toBe('');
    expect(captureTokenOf('')).toBe('');
  });
});
