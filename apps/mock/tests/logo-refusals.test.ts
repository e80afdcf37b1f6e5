// Issue #32 (d): a refused POST /promologo/upload leaves no file behind. Permission is checked before anything is
// written (not an admin: nothing is written; another company's site named before the file: the file is not
// written), and every refusal after the file was written removes its partial file at once, not at the next
// restart.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@assessment/sdk';
import { signedIn, startServer, type Client, type TestServer } from './helpers.ts';

let t: TestServer;
let ownSite: number;
let otherSite: number;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const ADMIN = 'partner.admin@contoso-partners.example';

beforeAll(async () => {
  t = await startServer();
  const repo = t.server.ctx.repo;
  const siteOf = (email: string): number => {
    const teamId = repo.userByEmail(email)?.team_id ?? -1;
    const row = repo.get<{ id: number }>('SELECT id FROM promo_sites WHERE team_id = ? ORDER BY id', teamId);
    if (!row) throw new Error(`no promo site for ${email}`);
    return row.id;
  };
  ownSite = siteOf(ADMIN);
  otherSite = siteOf('oem.admin@northwind-oem.example');
});
afterAll(async () => t.close());

const logoFiles = (): string[] => readdirSync(path.join(t.dataDir, 'files', 'logos')).sort();

/** Sends a logo; `order` puts the file before or after the form fields. */
function send(
  c: Client,
  fields: Record<string, string>,
  order: 'file-first' | 'fields-first',
  data: Uint8Array<ArrayBuffer> = PNG,
  name = 'logo.png',
) {
  const form = new FormData();
  const file = () => {
    form.append('file', new Blob([data]), name);
  };
  if (order === 'file-first') file();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (order === 'fields-first') file();
  return c.json<ApiEnvelope>('POST', '/promologo/upload', { body: form });
}

describe('refused logo uploads leave nothing on disk', () => {
  it.each(['file-first', 'fields-first'] as const)('%s: every refusal removes its file', async (order) => {
    const before = logoFiles();
    const admin = await signedIn(t, ADMIN);
    const member = await signedIn(t, 'partner.member@contoso-partners.example');
    const refusals: [string, Client, Record<string, string>, number, Uint8Array<ArrayBuffer>?, string?][] = [
      ['not an admin', member, { promoSiteId: String(ownSite), logoFor: 'header' }, 403],
      ["another company's site", admin, { promoSiteId: String(otherSite), logoFor: 'header' }, 400],
      ['no site', admin, { logoFor: 'header' }, 400],
      ['no such site', admin, { promoSiteId: '999999', logoFor: 'header' }, 400],
      ['a wrong logoFor', admin, { promoSiteId: String(ownSite), logoFor: 'footer' }, 400],
      [
        'too large',
        admin,
        { promoSiteId: String(ownSite), logoFor: 'header' },
        413,
        new Uint8Array(1024 * 1024 + 1),
      ],
      ['a wrong type', admin, { promoSiteId: String(ownSite), logoFor: 'header' }, 400, PNG, 'logo.bmp'],
    ];
    // (A site the caller cannot see is "not found", answered with the closest status the operation declares: 400.)
    for (const [what, c, fields, status, data, name] of refusals) {
      const r = await send(c, fields, order, data, name);
      expect(r.status, what).toBe(status);
      expect(logoFiles(), what).toEqual(before);
    }
    // The same admin's upload to its own site is stored (one file, no partial).
    const stored = await send(admin, { promoSiteId: String(ownSite), logoFor: 'email' }, order);
    expect(stored.status).toBe(200);
    const after = logoFiles();
    expect(after.filter((f) => f.startsWith('.partial-'))).toEqual([]);
    expect(after.filter((f) => !before.includes(f)).length).toBeLessThanOrEqual(1);
    expect(t.server.ctx.repo.promoLogo(ownSite, 'email')).toBeDefined();
  });
});
