// Cross-origin writes (#14 finding 8): state-changing calls accept only the body types the contract declares,
// and refuse requests the browser marks as coming from another origin (another port of the same site included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@assessment/sdk';
import { Client, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
let c: Client;
let projectId: number;
beforeAll(async () => {
  t = await startServer();
  c = new Client(t.url);
  await c.signIn('enduser@adventure-works.example');
  const me = t.server.ctx.repo.userByEmail('enduser@adventure-works.example');
  projectId = t.server.ctx.repo.createProject(
    `Write guard ${String(Date.now())}`,
    me?.id ?? -1,
    [],
    Date.now(),
  );
});
afterAll(async () => {
  await t.close();
});

const projectName = (): string | undefined => t.server.ctx.repo.project(projectId)?.name;
const rename = (name: string, headers: Record<string, string>) =>
  c.json<ApiEnvelope>('POST', `/project/update/${String(projectId)}?name=${encodeURIComponent(name)}`, {
    headers,
  });

describe('cross-origin writes', () => {
  it('refuses a form-encoded body on an operation that declares JSON only, and changes nothing', async () => {
    const r = await c.json<ApiEnvelope>('POST', '/api/projects/share', {
      form: { projectId: String(projectId), ShareType: 'link', EmailAddresses: 'x@contoso-partners.example' },
    });
    expect(r.status).toBe(415);
    expect(r.body.ResourceKey).toBe('validate_info');
    expect(r.body.Message).toBe('This call accepts application/json, not application/x-www-form-urlencoded.');
    expect(t.server.ctx.repo.all('SELECT * FROM shares WHERE project_id = ?', projectId)).toEqual([]);
  });

  it.each([
    ['a foreign Origin', { Origin: 'http://evil.example' }],
    ['another port of the same site', { Origin: 'http://127.0.0.1:1' }],
    ['an opaque Origin', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses a write with %s', async (_label, headers) => {
    const before = projectName();
    const r = await rename('Renamed from elsewhere', headers);
    expect(r.status).toBe(403);
    expect(r.body.ResourceKey).toBe('operationnotallowed');
    expect(projectName()).toBe(before);
  });

  it('accepts a write from its own origin', async () => {
    const r = await rename('Renamed here', { Origin: t.url, 'Sec-Fetch-Site': 'same-origin' });
    expect(r.status).toBe(200);
    expect(projectName()).toBe('Renamed here');
  });

  it('lets reads from other sites through (they change nothing)', async () => {
    const r = await c.request('GET', `/api/projects/${String(projectId)}`, {
      headers: { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(r.status).toBe(200);
  });
});
