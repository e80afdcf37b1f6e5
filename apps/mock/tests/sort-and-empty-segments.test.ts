// Findings of the conformance sweep (#37): a sort field that is an object property never reaches the SQL (the
// contract declares the sort fields; anything else is refused 400 or, where a lookup falls back, sorted by default),
// and an empty path segment (`/api/collector/`) is no instance of a template whose parameter has minLength 1:
// answered like any other unknown path (404 with the envelope), signed in or not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startServer();
  admin = new Client(t.url);
  await admin.signIn('admin@dell.example');
});
afterAll(async () => {
  await t.close();
});

const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('sort fields that are object properties', () => {
  it.each(PROTO_KEYS)(
    'getSearchedUserListHtml refuses sortByField=%s as the contract declares (400)',
    async (key) => {
      const r = await admin.request('POST', '/UserManagement/GetSearchedUserList', {
        form: { sortByField: key, pageSize: '5' },
      });
      const text = await r.text();
      expect(r.status, text).toBe(400);
      const env = JSON.parse(text) as { StatusCode: number; ResourceKey: string };
      expect(env.StatusCode).toBe(400);
      expect(env.ResourceKey).toBe('validate_info');
    },
  );

  it('getSearchedUserListHtml sorts by a declared field', async () => {
    const r = await admin.request('POST', '/UserManagement/GetSearchedUserList', {
      form: { sortByField: 'LastName', sortOrder: '1', pageSize: '5' },
    });
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<table class="user-list"');
  });

  it.each([
    ['/api/users', 'listUsers'],
    ['/api/projects', 'listProjects'],
    ['/api/collectorruns', 'listCollectorRuns'],
  ])('%s refuses SortByField that is an object property (400, never 500)', async (url) => {
    for (const key of PROTO_KEYS) {
      const r = await admin.request('GET', `${url}?SortByField=${key}`);
      expect(r.status, `${url} ${key}: ${await r.text()}`).toBe(400);
    }
  });

  it('the store falls back to its default order for a sort key that is an object property', () => {
    for (const key of PROTO_KEYS) {
      const pg = { pageSize: 5, pageNumber: 1, sortBy: key, sortOrder: 0 as const };
      expect(() => t.server.ctx.repo.searchUsers({}, pg)).not.toThrow();
      expect(t.server.ctx.repo.searchUsers({}, pg).items.length).toBeGreaterThan(0);
    }
  });
});

describe('empty path segments', () => {
  it.each([
    ['POST', '/api/collector/?isenabled=true'],
    ['DELETE', '/upload-service/api/iokit/'],
  ])('%s %s is no instance of its template: 404 with the envelope, signed in or not', async (method, url) => {
    for (const c of [admin, new Client(t.url)]) {
      const r = await c.request(method, url);
      const text = await r.text();
      expect(r.status, text).toBe(404);
      const env = JSON.parse(text) as { StatusCode: number; ResourceKey: string };
      expect(env.StatusCode).toBe(404);
      expect(env.ResourceKey).toBeTruthy();
    }
  });

  it('the node toggle with an empty node id is no instance of its template either (nodeId minLength 1): 404', async () => {
    const r = await new Client(t.url).request('PUT', '/api/projects/1/viewer/nodes/?enabled=true');
    expect(r.status).toBe(404);
  });
});
