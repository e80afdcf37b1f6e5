// Spec part 7: four legacy calls are made with a trailing slash. The contract declares each operation's canonical
// path (no trailing slash, so standard linters and generators accept it) and names the legacy form in
// `x-legacy-path`; the demo API answers both forms identically.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdEnvelope } from '@assessment/sdk';
import { Contract } from '../src/http/contract.ts';
import { Client, startServer, type TestServer, signedIn } from './helpers.ts';

let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startServer({ timeScale: 0.01 });
  admin = await signedIn(t, 'admin@dell.example');
});
afterAll(async () => {
  await t.close();
});

const legacy = Contract.load().operations.filter((op) => op.legacyPath !== undefined);

describe('legacy trailing-slash paths', () => {
  it('are those of spec part 7 (the type-ahead one per kind), each the canonical path plus a slash', () => {
    expect(legacy.map((op) => [op.operationId, op.method, op.path, op.legacyPath]).sort()).toEqual([
      ['autocompleteAccountHtml', 'GET', '/account/autocomplete', '/account/autocomplete/'],
      ['autocompleteChannelHtml', 'GET', '/channel/autocomplete', '/channel/autocomplete/'],
      ['autocompleteCollectorrunHtml', 'GET', '/collectorrun/autocomplete', '/collectorrun/autocomplete/'],
      ['autocompleteCompanyHtml', 'GET', '/company/autocomplete', '/company/autocomplete/'],
      ['autocompletePrimaryRepHtml', 'GET', '/primaryRep/autocomplete', '/primaryRep/autocomplete/'],
      ['autocompleteProjectHtml', 'GET', '/project/autocomplete', '/project/autocomplete/'],
      ['createProject', 'POST', '/api/projects', '/api/projects/'],
      ['getPromoLogoStatus', 'GET', '/promologo/status', '/promologo/status/'],
      ['groupAccountAction', 'POST', '/api/group/accounts', '/api/group/accounts/'],
    ]);
  });

  it('createProject: both forms create a project with the same answer', async () => {
    const stamp = Date.now();
    const [canonical, slash] = await Promise.all([
      admin.json<IdEnvelope>('POST', `/api/projects?name=${encodeURIComponent(`Canonical ${stamp}`)}`),
      admin.json<IdEnvelope>('POST', `/api/projects/?name=${encodeURIComponent(`Legacy slash ${stamp}`)}`),
    ]);
    for (const r of [canonical, slash]) {
      expect(r.status).toBe(200);
      expect(r.body.StatusCode).toBe(200);
      expect(r.body.ResourceKey).toBe('projectcreated');
      const read = await admin.json<{ Data: { Name: string } }>('GET', `/api/projects/${r.body.Data.Id}`);
      expect(read.status).toBe(200);
    }
    expect(slash.body.Data.Id).not.toBe(canonical.body.Data.Id);
    // A refusal is the same too.
    const refusals = await Promise.all(
      ['/api/projects?name=', '/api/projects/?name='].map((u) => admin.json('POST', u)),
    );
    expect(refusals[0]?.status).toBe(400);
    expect(refusals[1]).toMatchObject({ status: refusals[0]?.status, body: refusals[0]?.body });
  });

  it('groupAccountAction: both forms give the same answer', async () => {
    const body = { accountIds: [], actionType: 'disable' };
    const [canonical, slash] = await Promise.all(
      ['/api/group/accounts', '/api/group/accounts/'].map((u) => admin.json('POST', u, { json: body })),
    );
    expect(canonical?.status).toBeGreaterThanOrEqual(200);
    expect(slash).toMatchObject({ status: canonical?.status, body: canonical?.body });
  });

  it.each(['project', 'company', 'channel', 'account', 'primaryRep', 'collectorrun'])(
    'autocomplete HTML of %s: both forms give the same list',
    async (type) => {
      const [canonical, slash] = await Promise.all(
        [`/${type}/autocomplete?name=a`, `/${type}/autocomplete/?name=a`].map((u) =>
          admin.request('GET', u, { headers: { Accept: 'text/html' } }),
        ),
      );
      expect(canonical?.status).toBe(200);
      expect(slash?.status).toBe(200);
      expect(slash?.headers.get('content-type')).toBe(canonical?.headers.get('content-type'));
      expect(await slash?.text()).toBe(await canonical?.text());
    },
  );

  it('getPromoLogoStatus: both forms give the same status', async () => {
    const [canonical, slash] = await Promise.all(
      ['/promologo/status?promoSiteId=1', '/promologo/status/?promoSiteId=1'].map((u) =>
        admin.json('GET', u),
      ),
    );
    expect(canonical?.status).toBe(200);
    expect(slash).toMatchObject({ status: 200, body: canonical?.body });
  });

  it('a method the path does not declare is 405 on the legacy form too', async () => {
    const r = await admin.request('PUT', '/api/group/accounts/');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
  });
});
