// The VPN check (spec part 7: a no-cors reachability check of an internal host): the configured internal host is
// handed to internal staff only, and joins the page's connect-src so the probe is allowed to leave the page.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VPN_PROBE_PATH, demoVpnProbeUrl, loadConfig, withDemoDefaults } from '../src/config.ts';
import { registerDemoVpnProbe } from '../src/http/demo-vpn-probe.ts';
import { signedIn, startServer, type TestServer } from './helpers.ts';

const PROBE = 'https://intranet.corp.example/ping.gif';

describe('VPN probe URL', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ vpnProbeUrl: PROBE });
  });
  afterAll(async () => {
    await t.close();
  });

  it('internal staff get it in the viewer info', async () => {
    const staff = await signedIn(t, 'staff@dell.example');
    const viewer = (await staff.json<{ vpnProbeUrl?: string }>('GET', '/api/viewer')).body;
    expect(viewer.vpnProbeUrl).toBe(PROBE);
  });

  it('partners, end users and anonymous callers never learn the internal host', async () => {
    for (const email of ['partner.admin@contoso-partners.example', 'enduser@adventure-works.example']) {
      const client = await signedIn(t, email);
      const viewer = (await client.json('GET', '/api/viewer')).body;
      expect(viewer).not.toHaveProperty('vpnProbeUrl');
    }
    const anonymous = await fetch(`${t.url}/api/viewer`);
    expect(await anonymous.json()).not.toHaveProperty('vpnProbeUrl');
  });

  it('its origin is in connect-src', async () => {
    const res = await fetch(`${t.url}/api/viewer`);
    expect(res.headers.get('content-security-policy')).toMatch(
      /connect-src 'self' https:\/\/intranet\.corp\.example;/,
    );
  });

  it('configuration refuses anything but an absolute http(s) URL', () => {
    expect(loadConfig({ VPN_PROBE_URL: 'http://10.0.0.1/' }, []).vpnProbeUrl).toBe('http://10.0.0.1/');
    expect(loadConfig({}, []).vpnProbeUrl).toBeNull();
    expect(() => loadConfig({ VPN_PROBE_URL: 'javascript:alert(1)' }, [])).toThrow(/absolute http/);
    expect(() => loadConfig({ VPN_PROBE_URL: '/relative' }, [])).toThrow(/absolute http/);
  });

  it('the demo probes a path of its own origin unless VPN_PROBE_URL says otherwise', () => {
    expect(DEMO_VPN_PROBE_PATH).toBe('/dev/vpn-probe.gif');
    // The listen address (a wildcard host as localhost), or PUBLIC_URL when set.
    expect(withDemoDefaults(loadConfig({ PORT: '8123' }, []), {}).vpnProbeUrl).toBe(
      'http://127.0.0.1:8123/dev/vpn-probe.gif',
    );
    expect(demoVpnProbeUrl(loadConfig({ HOST: '0.0.0.0', PORT: '8123' }, []))).toBe(
      'http://localhost:8123/dev/vpn-probe.gif',
    );
    expect(demoVpnProbeUrl(loadConfig({ PUBLIC_URL: 'https://portal.example/app' }, []))).toBe(
      'https://portal.example/dev/vpn-probe.gif',
    );
    const own = { VPN_PROBE_URL: 'http://10.0.0.1/' };
    expect(withDemoDefaults(loadConfig(own, []), own).vpnProbeUrl).toBe('http://10.0.0.1/');
    // Set but empty: no probe at all.
    expect(
      withDemoDefaults(loadConfig({ VPN_PROBE_URL: '' }, []), { VPN_PROBE_URL: '' }).vpnProbeUrl,
    ).toBeNull();
  });

  it('the demo’s probe never answers, so the portal’s check gives up at its own timeout (issue #40 item 6)', async () => {
    const demo = await startServer({ vpnProbeUrl: `http://127.0.0.1:9${DEMO_VPN_PROBE_PATH}` });
    try {
      const staff = await signedIn(demo, 'admin@dell.example');
      const viewer = (await staff.json<{ vpnProbeUrl?: string }>('GET', '/api/viewer')).body;
      expect(new URL(viewer.vpnProbeUrl ?? '').pathname).toBe(DEMO_VPN_PROBE_PATH);
      // No answer within the wait: the caller's own timeout ends the request (a TimeoutError, not a network error).
      const probe = fetch(`${demo.url}${DEMO_VPN_PROBE_PATH}`, { signal: AbortSignal.timeout(300) });
      await expect(probe).rejects.toMatchObject({ name: 'TimeoutError' });
    } finally {
      await demo.close();
    }
  });

  it('a probe nobody gives up on is dropped after the hold, never answered', async () => {
    const app = Fastify();
    registerDemoVpnProbe(app, { vpnProbeUrl: `http://demo.test${DEMO_VPN_PROBE_PATH}` }, 50);
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const probe = fetch(`${origin}${DEMO_VPN_PROBE_PATH}`, { signal: AbortSignal.timeout(5000) });
      await expect(probe).rejects.toMatchObject({ name: 'TypeError' });
    } finally {
      await app.close();
    }
  });

  it('a server whose probe is elsewhere holds nothing at that path', async () => {
    const res = await fetch(`${t.url}${DEMO_VPN_PROBE_PATH}`, { signal: AbortSignal.timeout(5000) });
    // The portal's index (or its placeholder): answered at once like any other page path.
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});
