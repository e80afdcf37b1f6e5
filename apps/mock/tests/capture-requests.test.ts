// Issue #32 (e): POST /collector/InsertFromDpackCapture builds a collector only for a real capture request's
// token (random, made by the store), once; any other token — made up, expired or already spent — is 404; and the
// anonymous call is rate-limited per client (429 + Retry-After), whatever its outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, IdEnvelope } from '@assessment/sdk';
import { CAPTURE_INSERT_LIMIT } from '../src/handlers/collectors.ts';
import { Client, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

const insert = (c: Client, token: string) =>
  c.json<IdEnvelope & ApiEnvelope>('POST', '/collector/InsertFromDpackCapture', {
    json: { CaptureRequestToken: token, CollectorTemplateId: 4 },
  });

describe('InsertFromDpackCapture', () => {
  it('builds one collector per real capture request; made-up, spent and expired tokens are 404', async () => {
    const anonymous = new Client(t.url);
    const repo = t.server.ctx.repo;
    const token = repo.createCaptureRequest(null, 'capture.customer@example.com');
    expect(token.length).toBeGreaterThanOrEqual(32);

    // Any 8+ character token used to be accepted.
    const madeUp = await insert(anonymous, 'made-up-token-12345');
    expect(madeUp.status).toBe(404);

    const first = await insert(anonymous, token);
    expect(first.status).toBe(200);
    const id = first.body.Data.Id;
    expect(
      repo.get<{ capture_token: string }>('SELECT capture_token FROM collectors WHERE id = ?', id)
        ?.capture_token,
    ).toBe(token);
    const spent = repo.get<{ collector_id: number; used_at: number | null }>(
      'SELECT collector_id, used_at FROM capture_requests WHERE token = ?',
      token,
    );
    expect(spent?.collector_id).toBe(id);
    expect(spent?.used_at).toBeGreaterThan(0);

    // Single use: the second call with the same token builds nothing.
    const before = repo.all<{ n: number }>('SELECT COUNT(*) AS n FROM collectors')[0]?.n;
    const again = await insert(anonymous, token);
    expect(again.status).toBe(404);
    expect(repo.all<{ n: number }>('SELECT COUNT(*) AS n FROM collectors')[0]?.n).toBe(before);
    // The collector it built is still reachable with the token.
    const poll = await anonymous.json<ApiEnvelope>(
      'GET',
      `/collector/iscollectorreadyDpackCapture?collectorId=${String(id)}&captureRequestToken=${token}`,
    );
    expect(poll.status).toBe(200);

    const expired = repo.createCaptureRequest(null, 'late@example.com', Date.now() - 10_000, 5_000);
    expect((await insert(anonymous, expired)).status).toBe(404);
  });

  it('limits the calls of one client, whatever their outcome: 429 with Retry-After past the limit', async () => {
    // A fresh server, so the earlier calls do not count.
    const s = await startServer();
    try {
      const c = new Client(s.url);
      for (let i = 0; i < CAPTURE_INSERT_LIMIT.perClient; i++)
        expect((await insert(c, `guess-${String(i)}-abcdefgh`)).status).toBe(404);
      const token = s.server.ctx.repo.createCaptureRequest(null, 'capture.customer@example.com');
      const limited = await insert(c, token);
      expect(limited.status).toBe(429);
      expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.body.ResourceKey).toBe('operationnotallowed');
      // The refused call did not spend the request.
      expect(
        s.server.ctx.repo.get<{ used_at: number | null }>(
          'SELECT used_at FROM capture_requests WHERE token = ?',
          token,
        )?.used_at,
      ).toBeNull();
    } finally {
      await s.close();
    }
  });
});
