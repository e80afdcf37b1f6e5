import { describe, expect, it, vi } from 'vitest';
import {
  isReachable,
  rememberedProbe,
  rememberProbe,
  VPN_PROBE_SESSION_KEY,
  VPN_PROBE_STALE_MS,
  VPN_PROBE_TIMEOUT_MS,
} from './probe';

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

describe('VPN check: one probe per tab per five minutes (issue #40 item 6)', () => {
  const URL_A = 'https://intranet.example/ping';

  /** A sessionStorage double (jsdom's is shared by every test of the file). */
  function storage(): Storage {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      clear: () => {
        items.clear();
      },
      getItem: (key) => items.get(key) ?? null,
      key: (index) => [...items.keys()][index] ?? null,
      removeItem: (key) => {
        items.delete(key);
      },
      setItem: (key, value) => {
        items.set(key, value);
      },
    };
  }

  it('a page loaded within five minutes reuses the tab’s last answer', () => {
    const store = storage();
    rememberProbe(URL_A, { reachable: false, at: 1_000 }, store);
    expect(store.getItem(VPN_PROBE_SESSION_KEY)).toBe(
      JSON.stringify({ url: URL_A, reachable: false, at: 1_000 }),
    );
    expect(rememberedProbe(URL_A, 1_000 + VPN_PROBE_STALE_MS - 1, store)).toEqual({
      reachable: false,
      at: 1_000,
    });
  });

  it('an answer five minutes old, from the future or for another host is not reused', () => {
    const store = storage();
    rememberProbe(URL_A, { reachable: true, at: 1_000 }, store);
    expect(VPN_PROBE_STALE_MS).toBe(300_000);
    expect(rememberedProbe(URL_A, 1_000 + VPN_PROBE_STALE_MS, store)).toBeNull();
    expect(rememberedProbe(URL_A, 999, store)).toBeNull();
    expect(rememberedProbe('https://other.example/ping', 1_001, store)).toBeNull();
  });

  it('a malformed entry or no storage at all means probing again, never an exception', () => {
    const store = storage();
    for (const saved of ['{', 'null', '"x"', JSON.stringify({ url: URL_A, reachable: 'no', at: 1 })]) {
      store.setItem(VPN_PROBE_SESSION_KEY, saved);
      expect(rememberedProbe(URL_A, 2, store)).toBeNull();
    }
    expect(rememberedProbe(URL_A, 2, null)).toBeNull();
    expect(() => {
      rememberProbe(URL_A, { reachable: true, at: 1 }, null);
    }).not.toThrow();
  });
});
