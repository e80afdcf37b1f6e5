// Issue #32 (c): a published project read without a session is answered in the anonymous shape — no one's email
// or name (as the anonymous report leaves out the owner's email) — and the contract declares the anonymous
// security alternative for every operation the server answers anonymously.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@assessment/sdk';
import { zProject } from '@assessment/sdk';
import { Contract } from '../src/http/contract.ts';
import { isPublicOperation, PUBLIC_IF_PUBLISHED } from '../src/http/server.ts';
import { Client, signedIn, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
let published: number;
let unpublished: number;
const OWNER = 'enduser@adventure-works.example';

beforeAll(async () => {
  t = await startServer();
  const repo = t.server.ctx.repo;
  const owner = repo.userByEmail(OWNER);
  if (!owner) throw new Error(OWNER);
  const now = Date.now();
  const runs = [
    repo.createRun('Anonymous shape A', owner.id, 'server', now),
    repo.createRun('B', owner.id, 'server', now),
  ];
  published = repo.createProject('Published for anyone', owner.id, runs, now);
  repo.updateProject(published, { is_public: 1, public_token: 'anonymous-shape' }, now);
  unpublished = repo.createProject('Not published', owner.id, [], now);
});
afterAll(async () => t.close());

describe('GET /api/projects/{id} without a session', () => {
  it('answers a published project in the anonymous shape: no emails, no owner names', async () => {
    const r = await new Client(t.url).json<Project>('GET', `/api/projects/${String(published)}`);
    expect(r.status).toBe(200);
    expect(zProject.safeParse(r.body).success).toBe(true);
    expect(r.body.OwnerEmail).toBe('');
    expect(r.body.CollectorRuns.length).toBe(2);
    for (const run of r.body.CollectorRuns) {
      expect(run.OwnerEmail).toBe('');
      expect(run.OwnerName).toBe('');
    }
    const text = JSON.stringify(r.body);
    expect(text).not.toContain('@');
    expect(text).not.toContain('adventure-works');
  });

  it('still answers its owner with the emails', async () => {
    const c = await signedIn(t, OWNER);
    const r = await c.json<Project>('GET', `/api/projects/${String(published)}`);
    expect(r.status).toBe(200);
    expect(r.body.OwnerEmail).toBe(OWNER);
    expect(r.body.CollectorRuns.every((run) => run.OwnerEmail === OWNER && run.OwnerName !== '')).toBe(true);
  });

  it('answers an unpublished project 401 with X-Logged-Out', async () => {
    const r = await new Client(t.url).request('GET', `/api/projects/${String(unpublished)}`);
    expect(r.status).toBe(401);
    expect(r.headers.get('x-logged-out')).toBe('1');
  });
});

describe('the contract declares every anonymous answer', () => {
  const contract = Contract.load();
  it.each([...PUBLIC_IF_PUBLISHED])('%s: security is [{cookieAuth: []}, {}]', (operationId) => {
    const op = contract.operations.find((o) => o.operationId === operationId);
    expect(op).toBeDefined();
    if (!op) return;
    expect(isPublicOperation(op)).toBe(true);
    expect(op.security).toEqual([{ cookieAuth: [] }, {}]);
  });
});
