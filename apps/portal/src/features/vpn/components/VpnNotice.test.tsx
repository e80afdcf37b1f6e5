import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { VPN_PROBE_SESSION_KEY, VPN_PROBE_STALE_MS } from '../probe';
import VpnNotice from './VpnNotice';

const PROBE = 'https://intranet.example/ping';

describe('VpnNotice', () => {
  // Each case is a fresh tab: no answer remembered from another case.
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('off the VPN: shows the server’s dellvpn resource string', async () => {
    const api = fakeApi({
      'GET /api/message/GetResourceString/dellvpn': Response.json('Connect to the corporate VPN first.'),
    });
    // The probe (the browser's own fetch, not the SDK's) finds no internal host.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { container } = renderWithProviders(<VpnNotice probeUrl={PROBE} />);
    const text = await screen.findByText('Connect to the corporate VPN first.');
    await vi.waitFor(() => {
      expect(text).toBeVisible();
    });
    expect(api.calls).toContain('GET /api/message/GetResourceString/dellvpn');
    await expectNoAxeViolations(container);
    vi.unstubAllGlobals();
  });

  it('on the VPN: shows nothing and fetches no text', async () => {
    const api = fakeApi({});
    const probe = vi.fn(() => Promise.resolve(new Response(null)));
    vi.stubGlobal('fetch', probe);
    const { container } = renderWithProviders(<VpnNotice probeUrl={PROBE} />);
    await vi.waitFor(() => {
      expect(probe).toHaveBeenCalledTimes(1);
    });
    expect(container).toBeEmptyDOMElement();
    expect(api.calls).toEqual([]);
    vi.unstubAllGlobals();
  });

  it('the next page of the tab reuses the answer instead of probing again (one probe per five minutes)', async () => {
    fakeApi({
      'GET /api/message/GetResourceString/dellvpn': Response.json('Connect to the corporate VPN first.'),
    });
    const probe = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', probe);
    const first = renderWithProviders(<VpnNotice probeUrl={PROBE} />);
    await screen.findByText('Connect to the corporate VPN first.');
    first.unmount();
    // A new page of the same tab: a new query cache (and a fresh answer of the server), the same sessionStorage.
    fakeApi({
      'GET /api/message/GetResourceString/dellvpn': Response.json('Connect to the corporate VPN first.'),
    });
    renderWithProviders(<VpnNotice probeUrl={PROBE} />);
    await screen.findByText('Connect to the corporate VPN first.');
    expect(probe).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('an answer five minutes old is probed again', async () => {
    fakeApi({});
    sessionStorage.setItem(
      VPN_PROBE_SESSION_KEY,
      JSON.stringify({ url: PROBE, reachable: false, at: Date.now() - VPN_PROBE_STALE_MS - 1 }),
    );
    const probe = vi.fn(() => Promise.resolve(new Response(null)));
    vi.stubGlobal('fetch', probe);
    const { container } = renderWithProviders(<VpnNotice probeUrl={PROBE} />);
    await vi.waitFor(() => {
      expect(probe).toHaveBeenCalledTimes(1);
    });
    await vi.waitFor(() => {
      expect(container).toBeEmptyDOMElement();
    });
    expect(JSON.parse(sessionStorage.getItem(VPN_PROBE_SESSION_KEY) ?? 'null')).toMatchObject({
      url: PROBE,
      reachable: true,
    });
    vi.unstubAllGlobals();
  });
});
