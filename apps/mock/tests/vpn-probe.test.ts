// The VPN check (spec part 7: a no-cors reachability check of an internal host): the configured internal host is
// handed to internal staff only, and joins the page's connect-src so the probe is allowed to leave the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VPN_PROBE_URL, loadConfig, withDemoDefaults } from '../src/config.ts';
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

  it('the demo probes an address that never answers unless VPN_PROBE_URL says otherwise', () => {
    expect(DEMO_VPN_PROBE_URL).toMatch(/^http:\/\/[\w.-]+\.invalid\//);
    expect(withDemoDefaults(loadConfig({}, []), {}).vpnProbeUrl).toBe(DEMO_VPN_PROBE_URL);
    const own = { VPN_PROBE_URL: 'http://10.0.0.1/' };
    expect(withDemoDefaults(loadConfig(own, []), own).vpnProbeUrl).toBe('http://10.0.0.1/');
    // Set but empty: no probe at all.
    expect(
      withDemoDefaults(loadConfig({ VPN_PROBE_URL: '' }, []), { VPN_PROBE_URL: '' }).vpnProbeUrl,
    ).toBeNull();
  });

  it('the demo’s probe reaches internal staff and joins connect-src', async () => {
    const demo = await startServer({ vpnProbeUrl: withDemoDefaults(loadConfig({}, []), {}).vpnProbeUrl });
    try {
      const staff = await signedIn(demo, 'admin@dell.example');
      const viewer = (await staff.json<{ vpnProbeUrl?: string }>('GET', '/api/viewer')).body;
      expect(viewer.vpnProbeUrl).toBe(DEMO_VPN_PROBE_URL);
      const res = await fetch(`${demo.url}/api/viewer`);
      expect(res.headers.get('content-security-policy')).toContain('http://vpn-probe.invalid');
    } finally {
      await demo.close();
    }
  });
});
