// Every operation of the contract has a handler, every handler is an operation, and every message key has a text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageKey, operations } from '@assessment/sdk';
import path from 'node:path';
import { Contract } from '../src/http/contract.ts';
import { loadConfig } from '../src/config.ts';
import { createHandlers } from '../src/handlers/index.ts';
import { MESSAGES } from '../src/messages.ts';
import { startServer, type TestServer } from './helpers.ts';

const contract = Contract.load();
let t: TestServer;

beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

describe('operations', () => {
  it('the server registered a handler for every operation of the contract', () => {
    expect(contract.operations.length).toBeGreaterThanOrEqual(85);
    expect(t.server.missing).toEqual([]);
  });

  it('has no handler for an operation the contract does not have', () => {
    const handlerIds = Object.keys(createHandlers(t.server.ctx)).sort();
    expect(handlerIds).toEqual(contract.operations.map((o) => o.operationId).sort());
    expect(handlerIds).toEqual(Object.keys(operations).sort());
  });

  it('routes every operation by method and exact path template (services under their prefixes)', () => {
    for (const op of contract.operations) {
      const info = operations[op.operationId as keyof typeof operations];
      const prefix =
        info.service === 'upload' ? '/upload-service' : info.service === 'ticket' ? '/support-service' : '';
      const url = prefix + op.path.replace(/\{([^}]+)\}/g, ':$1');
      expect(t.server.app.hasRoute({ method: op.method, url }), `${op.method} ${url}`).toBe(true);
    }
  });
});

describe('configuration and the portal placeholder', () => {
  it('reads PORT, DATA_DIR, TIME_SCALE and SESSION_TTL from env, flags win, defaults are the demo ones', () => {
    const defaults = loadConfig({}, []);
    expect(defaults).toMatchObject({ host: '127.0.0.1', port: 8080, timeScale: 1, sessionTtlSeconds: 3600 });
    expect(defaults.dataDir.endsWith(path.join('apps', 'mock', '.data'))).toBe(true);
    const env = loadConfig({ PORT: '9090', DATA_DIR: '/tmp/x', TIME_SCALE: '0.05', SESSION_TTL: '30' }, []);
    expect(env).toMatchObject({ port: 9090, dataDir: '/tmp/x', timeScale: 0.05, sessionTtlSeconds: 30 });
    expect(loadConfig({ PORT: '9090' }, ['--port=7070', '--data-dir=/tmp/y']).port).toBe(7070);
    expect(() => loadConfig({ TIME_SCALE: 'fast' }, [])).toThrow(/TIME_SCALE/);
  });

  it('serves a clear placeholder page when the portal is not built, and still the API', async () => {
    const page = await fetch(`${t.url}/projects`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('The portal is not built yet');
    expect((await fetch(`${t.url}/api/viewer`)).status).toBe(200);
  });
});

describe('messages', () => {
  it('has an English title, message and actions for every MessageKey of the contract, and no others', () => {
    const keys = Object.values(MessageKey);
    expect(keys.length).toBeGreaterThanOrEqual(60);
    expect(Object.keys(MESSAGES).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const m = MESSAGES[key];
      expect(m.title.trim(), key).not.toBe('');
      expect(m.message.trim(), key).not.toBe('');
      expect(m.actions.length, key).toBeGreaterThan(0);
    }
  });

  it('serves every message over GET /api/message/{key}', async () => {
    for (const key of Object.values(MessageKey)) {
      const res = await fetch(`${t.url}/api/message/${key}`);
      expect(res.status, key).toBe(200);
      expect(await res.json()).toEqual(MESSAGES[key]);
    }
  });

  it('keeps the fixed texts of part 8', async () => {
    const res = await fetch(`${t.url}/api/message/GetResourceString/Error404`);
    expect(await res.json()).toBe("Error 404 - The file you're looking for could not be found.");
    const timeout = await fetch(`${t.url}/api/message/GetResourceString/ConnectionInterrupted`);
    expect(await timeout.json()).toBe(
      "Connection Interrupted - Looks like you're having some connectivity issues.",
    );
    expect(MESSAGES.share_project_error_share_user_not_found.title).toBe('Could Not Share The Project');
  });
});
