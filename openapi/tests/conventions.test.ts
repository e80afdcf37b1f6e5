// Conventions every operation follows: ids, tags, x-source, examples, the logged-out header, paging.
import { describe, expect, it } from 'vitest';
import { deref, doc, findOperation, operations, params, schema } from './contract.ts';

const LOGGED_OUT = '#/components/headers/LoggedOut';

describe('every operation', () => {
  it('has a unique camelCase operationId, one tag, a summary and x-source legacy|proposed', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, op } of operations) {
      const where = `${method} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(op.tags, where).toHaveLength(1);
      expect(op.summary, where).toBeTruthy();
      expect(['legacy', 'proposed'], where).toContain(op['x-source']);
    }
  });

  it('has both legacy and proposed operations', () => {
    const legacy = operations.filter((o) => o.op['x-source'] === 'legacy').length;
    const proposed = operations.filter((o) => o.op['x-source'] === 'proposed').length;
    expect(legacy).toBe(66);
    // + 3 sizing operations (getProjectSizing, getProjectSizingSettings, saveProjectSizingSettings)
    // + 2 address confirmation operations (confirmRegistration, resendConfirmation).
    // + 1 vSphere layers read (getProjectVms, issue #41).
    expect(proposed).toBe(28 + 3 + 2 + 1);
    expect(findOperation('GET', '/api/projects/{id}/viewer/vms')?.op['x-source']).toBe('proposed');
  });

  it('declares the one X-Logged-Out header component on every response', () => {
    expect(Object.keys(doc.components.headers)).toContain('LoggedOut');
    let count = 0;
    for (const { method, path, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        const resolved = deref(response);
        expect(resolved.headers?.['X-Logged-Out']?.$ref, `${method} ${path} ${status}`).toBe(LOGGED_OUT);
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(300);
  });

  it('answers 401 Unauthorized (with the logged-out header) wherever a session is required', () => {
    const required = operations.filter(({ op }) => {
      const security = op.security ?? doc.security ?? [];
      return !security.some((requirement) => Object.keys(requirement).length === 0);
    });
    expect(required.length).toBeGreaterThan(50);
    for (const { method, path, op } of required) {
      expect(op.responses['401'], `${method} ${path}`).toEqual({
        $ref: '#/components/responses/Unauthorized',
      });
    }
  });

  it('has a success and a 4xx response', () => {
    for (const { method, path, op } of operations) {
      const codes = Object.keys(op.responses);
      expect(
        codes.some((c) => /^2\d\d$/.test(c)),
        `${method} ${path}`,
      ).toBe(true);
      expect(
        codes.some((c) => /^4\d\d$/.test(c)),
        `${method} ${path}`,
      ).toBe(true);
    }
  });

  it('has an example on every request body, response body and parameter', () => {
    for (const o of operations) {
      const where = `${o.method} ${o.path}`;
      for (const [type, media] of Object.entries(o.op.requestBody?.content ?? {})) {
        expect(media.example ?? media.examples, `${where} request ${type}`).toBeDefined();
      }
      for (const [status, response] of Object.entries(o.op.responses)) {
        for (const [type, media] of Object.entries(deref(response).content ?? {})) {
          expect(media.example ?? media.examples, `${where} ${status} ${type}`).toBeDefined();
        }
      }
      for (const p of params(o)) expect(p.example ?? p.examples, `${where} ${p.name}`).toBeDefined();
    }
  });

  it('uses the envelope for every portal error response', () => {
    for (const o of operations.filter((x) => x.op.tags?.[0] !== 'support')) {
      for (const [status, response] of Object.entries(o.op.responses)) {
        if (!/^[45]/.test(status)) continue;
        const json = deref(response).content?.['application/json'];
        expect(json?.schema?.$ref, `${o.method} ${o.path} ${status}`).toBe(
          '#/components/schemas/ApiErrorEnvelope',
        );
      }
    }
  });
});

describe('proposed calls', () => {
  const proposed = (method: string, path: string) => {
    const found = findOperation(method, path);
    expect(found?.op['x-source'], `${method} ${path}`).toBe('proposed');
    return found;
  };

  it('sign-in, sign-out and the viewer follow interfaces.md', () => {
    expect(
      proposed('POST', '/api/auth/signin')?.op.requestBody?.content['application/json']?.schema?.$ref,
    ).toBe('#/components/schemas/SignInRequest');
    expect(schema('SignInRequest').required).toEqual(['email', 'password']);
    proposed('POST', '/api/auth/signout');
    const viewer = deref(proposed('GET', '/api/viewer')?.op.responses['200'] ?? {});
    expect(viewer.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/Viewer');
  });

  it.each([
    ['/api/projects', 'ProjectPage'],
    ['/api/collectorruns', 'CollectorRunPage'],
    ['/api/users', 'UserPage'],
  ])('GET %s is paged (PageSize, PageNumber, SortByField, SortOrder) and returns %s', (path, page) => {
    const found = proposed('GET', path);
    const names = found ? params(found).map((p) => p.name) : [];
    expect(names).toEqual(expect.arrayContaining(['PageSize', 'PageNumber', 'SortByField', 'SortOrder']));
    expect(schema(page).required).toEqual(['Items', 'TotalCount', 'PageNumber', 'PageSize']);
  });

  it('the lists carry their page-specific filters', () => {
    const names = (path: string) => {
      const found = findOperation('GET', path);
      return found ? params(found).map((p) => p.name) : [];
    };
    expect(names('/api/projects')).toEqual(expect.arrayContaining(['myProjectsOnly', 'primaryRepEmail']));
    expect(names('/api/collectorruns')).toEqual(
      expect.arrayContaining(['myCollectorRunsOnly', 'status', 'endedBefore']),
    );
    expect(names('/api/users')).toEqual(expect.arrayContaining(['UserScope', 'PrimaryRepEmail']));
  });

  it('page data, JSON twins and report completion exist', () => {
    for (const [method, path] of [
      ['GET', '/api/projects/{id}'],
      ['GET', '/api/projects/{id}/viewer'],
      ['GET', '/api/teams/{teamId}'],
      ['GET', '/api/profile'],
      ['PUT', '/api/profile'],
      ['GET', '/api/countries'],
      ['GET', '/api/languages'],
      ['GET', '/api/promosites'],
      ['GET', '/api/promosites/{promoSiteId}'],
      ['GET', '/api/dashboard'],
      ['GET', '/api/settings/upload'],
      ['GET', '/api/lookup/{type}'],
      ['GET', '/api/opticalprime/{projectId}/reports/{reportId}'],
      ['GET', '/api/opticalprime/{projectId}/reports/events/{reportId}'],
      ['GET', '/api/collectors/templates'],
      ['GET', '/api/keycollectors'],
      ['POST', '/api/register'],
    ] as const) {
      proposed(method, path);
    }
    const events = deref(
      findOperation('GET', '/api/opticalprime/{projectId}/reports/events/{reportId}')?.op.responses['200'] ??
        {},
    );
    expect(Object.keys(events.content ?? {})).toEqual(['text/event-stream']);
    expect(schema('ViewerNode').required).toContain('Enabled');
    expect(schema('UploadSettings').required).toEqual(
      expect.arrayContaining(['MaxFileSizeMb', 'MaxCombinedSizeMb', 'ProjectNamePattern']),
    );
    expect(schema('AutocompleteItem').required).toEqual(['id', 'label']);
  });
});
