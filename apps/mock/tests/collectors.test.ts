// Collector downloads (a real package, only for its owner or its capture request) and RSA-key collectors (listed and
// toggled only by their owner, an admin of the owner's team or internal staff).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { LINUX_COLLECTOR_DIR } from '../src/http/assets.ts';
import type {
  ApiEnvelope,
  CollectorEnvelope,
  IdEnvelope,
  KeyCollector,
  KeyCollectorEnvelope,
} from '@assessment/sdk';
import { Client, fakeVsphereDist, startServer, waitFor, type TestServer } from './helpers.ts';

const PARTNER_ADMIN = 'partner.admin@contoso-partners.example';
const PARTNER_MEMBER = 'partner.member@contoso-partners.example';
const OEM_ADMIN = 'oem.admin@northwind-oem.example';
const OEM_MEMBER = 'oem.member@northwind-oem.example';
const INTERNAL_ADMIN = 'admin@dell.example';

let t: TestServer;
// The VMware package ships the vSphere collector's binaries: stand-ins here (vsphere-package.test.ts has the rules).
const vsphereDist = fakeVsphereDist();
const clients = new Map<string, Client>();
async function as(email: string): Promise<Client> {
  const known = clients.get(email);
  if (known) return known;
  const c = new Client(t.url);
  await c.signIn(email);
  clients.set(email, c);
  return c;
}

beforeAll(async () => {
  t = await startServer({ timeScale: 0.01, vsphereCollectorDist: vsphereDist });
});
afterAll(async () => {
  await t.close();
  rmSync(vsphereDist, { recursive: true, force: true });
});

async function readyCollector(c: Client, url: (id: number) => string, id: number) {
  return waitFor(async () => {
    const r = await c.json<CollectorEnvelope>('GET', url(id));
    return r.body.Data.IsReady ? r.body.Data : undefined;
  });
}

describe('collector download package', () => {
  it('is a zip named in Content-Disposition, for its owner only', async () => {
    const owner = await as(PARTNER_ADMIN);
    const created = await owner.json<IdEnvelope>('POST', '/collector/insert?collectortemplateid=5');
    expect(created.status).toBe(200);
    const id = created.body.Data.Id;
    const ready = await readyCollector(owner, (n) => `/collector/getcollector?collectorId=${n}`, id);
    expect(ready.FileName).toBe(`collector-linux-${id}.zip`);
    expect(ready.DownloadUrl).toBe(`/downloads/collectors/${id}/collector-linux-${id}.zip`);

    const dl = await owner.request('GET', ready.DownloadUrl ?? '');
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/zip');
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="collector-linux-${id}.zip"`);
    const bytes = await dl.arrayBuffer();
    expect(Number(dl.headers.get('content-length'))).toBe(bytes.byteLength);
    const zip = await JSZip.loadAsync(bytes);
    // The Linux package holds the real collector (issue #11): the POSIX sh + awk script, executable, and its README.
    expect(Object.keys(zip.files).sort()).toEqual([
      'README.md',
      'README.txt',
      'collector.json',
      'iokit-collect.sh',
    ]);
    const script = zip.file('iokit-collect.sh');
    expect(await script?.async('string')).toBe(
      readFileSync(path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), 'utf8'),
    );
    expect((Number(script?.unixPermissions) & 0o777).toString(8)).toBe('755');
    expect(await zip.file('README.md')?.async('string')).toContain('iokit-collect.sh');

    // Another account, and nobody signed in, neither see the collector nor download it by guessing its id.
    const other = await as(OEM_ADMIN);
    expect((await other.json<ApiEnvelope>('GET', `/collector/getcollector?collectorId=${id}`)).status).toBe(
      404,
    );
    expect(
      (await other.json<ApiEnvelope>('GET', `/collector/iscollectorready?collectorId=${id}`)).status,
    ).toBe(404);
    const refused = await other.json<ApiEnvelope>('GET', ready.DownloadUrl ?? '');
    expect(refused.status).toBe(404);
    expect(refused.body.ResourceKey).toBe('collectorDownloadError');
    expect((await new Client(t.url).request('GET', ready.DownloadUrl ?? '')).status).toBe(404);
    // A wrong file name is not found either.
    expect(
      (await owner.request('GET', `/downloads/collectors/${id}/collector-windows-${id}.zip`)).status,
    ).toBe(404);
  });

  it('is not served before the collector is ready', async () => {
    const owner = await as(PARTNER_ADMIN);
    const now = t.server.ctx.now();
    const me = t.server.ctx.repo.userByEmail(PARTNER_ADMIN);
    const id = t.server.ctx.repo.run(
      'INSERT INTO collectors (template_id, owner_id, created_at) VALUES (?, ?, ?)',
      'tmpl-4',
      me?.id ?? 0,
      now + 3_600_000,
    ).lastId;
    const r = await owner.json<CollectorEnvelope>('GET', `/collector/getcollector?collectorId=${id}`);
    expect(r.body.Data).toMatchObject({ IsReady: false, FileName: null, DownloadUrl: null });
    expect(
      (await owner.request('GET', `/downloads/collectors/${id}/collector-windows-${id}.zip`)).status,
    ).toBe(404);
  });

  it('capture-request collectors: the token authorises the polls and the download, nothing else does', async () => {
    const anonymous = new Client(t.url);
    // The capture link page offers the templates without a session.
    const templates = await anonymous.json<{ CollectorTemplateId: number }[]>(
      'GET',
      '/api/collectors/templates',
    );
    expect(templates.status).toBe(200);
    expect(templates.body.map((x) => x.CollectorTemplateId)).toEqual([4, 5, 7, 9]);
    // A real capture request (issue #32 e: an arbitrary token builds nothing; tests/capture-requests.test.ts).
    const token = t.server.ctx.repo.createCaptureRequest(null, 'capture.customer@example.com');
    const created = await anonymous.json<IdEnvelope>('POST', '/collector/InsertFromDpackCapture', {
      json: { CaptureRequestToken: token, CollectorTemplateId: 7 },
    });
    expect(created.status).toBe(200);
    const id = created.body.Data.Id;
    const query = (n: number) => `collectorId=${n}&captureRequestToken=${encodeURIComponent(token)}`;
    const ready = await readyCollector(
      anonymous,
      (n) => `/collector/getcollectorDpackCapture?${query(n)}`,
      id,
    );
    expect(ready.FileName).toBe(`collector-vmware-${id}.zip`);
    expect(ready.DownloadUrl).toBe(
      `/downloads/collectors/${id}/collector-vmware-${id}.zip?captureRequestToken=${token}`,
    );
    const dl = await anonymous.request('GET', ready.DownloadUrl ?? '');
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="collector-vmware-${id}.zip"`);
    // The package does not repeat the token.
    const zip = await JSZip.loadAsync(await dl.arrayBuffer());
    expect(await zip.file('collector.json')?.async('string')).not.toContain(token);

    const wrong = `/collector/iscollectorreadyDpackCapture?collectorId=${id}&captureRequestToken=wrong-token-1`;
    expect((await anonymous.json<ApiEnvelope>('GET', wrong)).status).toBe(404);
    expect(
      (await anonymous.request('GET', `/downloads/collectors/${id}/collector-vmware-${id}.zip`)).status,
    ).toBe(404);
    // Not even internal staff download a capture package without its token.
    const staff = await as(INTERNAL_ADMIN);
    expect(
      (await staff.request('GET', `/downloads/collectors/${id}/collector-vmware-${id}.zip`)).status,
    ).toBe(404);
    // An unknown template is refused with choose_collector.
    const bad = await anonymous.json<ApiEnvelope>('POST', '/collector/InsertFromDpackCapture', {
      json: { CaptureRequestToken: token, CollectorTemplateId: 999 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ResourceKey).toBe('choose_collector');
  });
});

describe('RSA-key collectors: listed and toggled only within the owner account and team', () => {
  function keyOf(email: string, enabled = true): string {
    const repo = t.server.ctx.repo;
    const owner = repo.userByEmail(email);
    const keyId = `rsa-test-${Math.random().toString(16).slice(2, 10)}`;
    repo.run(
      'INSERT INTO collectors (template_id, owner_id, created_at, key_id, enabled) VALUES (?, ?, ?, ?, ?)',
      'tmpl-4',
      owner?.id ?? 0,
      t.server.ctx.now(),
      keyId,
      enabled ? 1 : 0,
    );
    return keyId;
  }
  const listed = async (email: string, keyId: string) =>
    (await (await as(email)).json<KeyCollector[]>('GET', '/api/keycollectors')).body.some(
      (k) => k.KeyId === keyId,
    );
  const toggle = async (email: string, keyId: string, isenabled: boolean) =>
    (await as(email)).json<KeyCollectorEnvelope>(
      'POST',
      `/api/collector/${keyId}?isenabled=${String(isenabled)}`,
    );
  const enabledInStore = (keyId: string) =>
    t.server.ctx.repo.get<{ enabled: number }>('SELECT enabled FROM collectors WHERE key_id = ?', keyId)
      ?.enabled;

  // Whose key × who acts → allowed.
  const RULES: [owner: string, actor: string, allowed: boolean][] = [
    [PARTNER_MEMBER, PARTNER_MEMBER, true],
    [PARTNER_MEMBER, PARTNER_ADMIN, true],
    [PARTNER_ADMIN, PARTNER_MEMBER, false],
    [OEM_MEMBER, PARTNER_MEMBER, false],
    [OEM_MEMBER, PARTNER_ADMIN, false],
    [OEM_ADMIN, PARTNER_ADMIN, false],
    [OEM_MEMBER, INTERNAL_ADMIN, true],
  ];

  it.each(RULES)('a key of %s, toggled by %s → allowed: %s', async (owner, actor, allowed) => {
    const keyId = keyOf(owner);
    expect(await listed(actor, keyId)).toBe(allowed);
    const r = await toggle(actor, keyId, false);
    if (allowed) {
      expect(r.status).toBe(200);
      expect(r.body.Data).toEqual({ KeyId: keyId, IsEnabled: false });
      expect(enabledInStore(keyId)).toBe(0);
      // The list shows the persisted state.
      const list = (await (await as(actor)).json<KeyCollector[]>('GET', '/api/keycollectors')).body;
      expect(list.find((k) => k.KeyId === keyId)?.IsEnabled).toBe(false);
      expect((await toggle(actor, keyId, true)).status).toBe(200);
      expect(enabledInStore(keyId)).toBe(1);
    } else {
      expect(r.status).toBe(404);
      expect(enabledInStore(keyId)).toBe(1);
    }
  });

  it('an unknown key is not found; signed out is 401 with the logged-out header', async () => {
    expect((await toggle(PARTNER_ADMIN, 'rsa-none', false)).status).toBe(404);
    const anonymous = await new Client(t.url).json<ApiEnvelope>(
      'POST',
      `/api/collector/${keyOf(PARTNER_ADMIN)}?isenabled=false`,
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.res.headers.get('x-logged-out')).toBe('1');
  });
});
