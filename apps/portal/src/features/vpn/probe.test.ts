import { describe, expect, it, vi } from 'vitest';
import { isReachable, VPN_PROBE_TIMEOUT_MS } from './probe';

describe('VPN check (spec part 7: no-cors reachability of an internal host)', () => {
  it('waits 5 s at most', () => {
    expect(VPN_PROBE_TIMEOUT_MS).toBe(5000);
  });

  it('sends a credential-less no-cors request and calls any answer reachable', async () => {
    const send = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    await expect(isReachable('https://intranet.example/ping', { fetch: send })).resolves.toBe(true);
    expect(send).toHaveBeenCalledWith(
      'https://intranet.example/ping',
      expect.objectContaining({ mode: 'no-cors', credentials: 'omit', cache: 'no-store' }),
    );
  });

  it('a network failure is unreachable, without throwing or logging', async () => {
    const log = vi.spyOn(console, 'error');
    const send = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(isReachable('https://intranet.example/ping', { fetch: send })).resolves.toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it('a host that never answers is unreachable after the timeout', async () => {
    const send = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            reject(init.signal?.reason as Error);
          });
        }),
    );
    await expect(isReachable('https://intranet.example/ping', { fetch: send, timeoutMs: 20 })).resolves.toBe(
      false,
    );
  });
});
