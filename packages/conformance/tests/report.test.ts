// The reports escape everything that came from the server or the contract, and name each operation and check.
import { describe, expect, it } from 'vitest';
import type { Report } from '../src/engine.ts';
import { html, junit, summary } from '../src/report.ts';

const hostile = '<script>alert("x")</script>&\u0000';
const report: Report = {
  baseUrl: 'http://127.0.0.1:1/<b>',
  seed: 1,
  budget: 2,
  startedAt: '2026-11-23T15:00:00.000Z',
  durationMs: 1234,
  requests: 3,
  sequences: [],
  notes: [],
  operations: [
    {
      operationId: 'getProject',
      method: 'GET',
      path: '/api/projects/{id}',
      requests: 2,
      exercised: { positive: 1, accepted: 1, negative: 1, auth: 0 },
      skipped: [],
      findings: [
        {
          operationId: 'getProject',
          caller: 'user',
          check: 'status-declared',
          kind: 'positive',
          message: `status 418 is not declared ${hostile}`,
          request: { method: 'GET', url: `/api/projects/1?q=${hostile}`, body: hostile },
          status: 418,
        },
      ],
    },
    {
      operationId: 'listProjects',
      method: 'GET',
      path: '/api/projects',
      requests: 1,
      exercised: { positive: 0, accepted: 0, negative: 1, auth: 0 },
      skipped: ['user: x'],
      findings: [],
    },
  ],
  findings: [],
};
report.findings = report.operations.flatMap((o) => o.findings);

describe('reports', () => {
  it('HTML escapes everything it shows', () => {
    const page = html(report);
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<b>');
    expect(page).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;');
    expect(page).toContain('1 disagreements');
  });

  it('JUnit has one test case per operation and check, failures named by both', () => {
    const xml = junit(report);
    expect(xml).toContain('<testcase classname="getProject" name="getProject status-declared">');
    expect(xml).toContain('<failure message="status 418 is not declared');
    expect(xml).toContain('<testcase classname="listProjects" name="listProjects auth"/>');
    // An operation no positive case was sent for is a skipped case with its reasons; the others say their counts.
    expect(xml).toContain('<skipped message="not exercised positively: user: x"/>');
    expect(xml).toContain('name="getProject cases (positive 1, accepted 1, negative 1, auth 0)"/>');
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0000');
    expect(xml).toMatch(/failures="1"/);
  });

  it('the summary and the HTML say per operation which kinds of case were sent', () => {
    const text = summary(report);
    expect(text).toContain(
      'Cases: positive 1 in 1 operations (1 accepted, in 1 operations), negative 2 in 2',
    );
    expect(text).toContain('not exercised positively: listProjects — user: x');
    const page = html(report);
    expect(page).toContain('<strong>not exercised</strong>');
    expect(page).toContain('<td>1 (1 accepted)</td>');
  });

  it('the terminal summary lists the operation, the check and an example request', () => {
    const text = summary(report);
    expect(text).toContain('✗ getProject (GET /api/projects/{id})');
    expect(text).toContain('status-declared ×1');
    expect(text).toContain('✗ 1 disagreements');
  });
});
