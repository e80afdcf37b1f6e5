import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import VpnNotice from './VpnNotice';

const PROBE = 'https://intranet.example/ping';

describe('VpnNotice', () => {
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
});
