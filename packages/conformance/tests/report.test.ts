// The reports escape everything that came from the server or the contract, and name each operation and check.
import { describe, expect, it } from 'vitest';
import { coverageOf } from '../src/coverage.ts';
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
      exercised: { positive: 1, accepted: 1, negative: 1, refused: 1, auth: 0 },
      answers: { '200': 1 },
      skipped: [],
      findings: [
        {
          id: 'getProject-1',
          operationId: 'getProject',
          caller: 'user',
          callerEmail: 'qa@example.com',
          check: 'status-declared',
          kind: 'positive',
          message: `status 418 is not declared ${hostile}`,
          request: { method: 'GET', url: `/api/projects/1?q=${hostile}`, body: hostile },
          status: 418,
          response: {
            status: 418,
            headers: { 'content-type': 'text/plain' },
            body: `I am a teapot ${hostile}`,
          },
          expected: 'a declared status: 200, 404',
          got: '418',
          reproduce: `curl -sS -i -X GET "$BASE"'/api/projects/1?q=${hostile}'`,
        },
      ],
    },
    {
      operationId: 'listProjects',
      method: 'GET',
      path: '/api/projects',
      requests: 1,
      exercised: { positive: 0, accepted: 0, negative: 1, refused: 1, auth: 0 },
      answers: {},
      skipped: ['user: x'],
      findings: [],
    },
    {
      operationId: 'deleteProject',
      method: 'DELETE',
      path: '/api/projects/{id}',
      requests: 2,
      exercised: { positive: 2, accepted: 0, negative: 0, refused: 0, auth: 0 },
      answers: { '404': 1, '409': 1 },
      skipped: [],
      findings: [],
    },
  ],
  findings: [],
  setupComplete: true,
  coverage: { operations: 0, reached: 0, percent: 0, unreached: [] },
};
report.findings = report.operations.flatMap((o) => o.findings);
report.coverage = coverageOf(report.operations);

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
    expect(xml).toContain(
      'name="getProject cases (positive 1, accepted 1, negative 1, refused 1, auth 0)"/>',
    );
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0000');
    expect(xml).toMatch(/failures="1"/);
  });

  it('the summary and the HTML say per operation which kinds of case were sent', () => {
    const text = summary(report);
    expect(text).toContain(
      'Cases: positive 3 in 2 operations (1 accepted, in 1 operations), negative 2 in 2 (2 refused)',
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

  it('every report carries the coverage: reached operations, and why each other one was not reached', () => {
    expect(report.coverage).toEqual({
      operations: 3,
      reached: 1,
      percent: 33.3,
      unreached: [
        { operationId: 'listProjects', reason: 'no positive case sent: user: x' },
        {
          operationId: 'deleteProject',
          reason: '2 positive cases, none accepted (answered 404 ×1, 409 ×1)',
        },
      ],
    });
    const text = summary(report);
    expect(text).toContain('Coverage: 1 of 3 operations reached a positive answer (33.3%)');
    expect(text).toContain('no positive answer: deleteProject — 2 positive cases, none accepted');
    const xml = junit(report);
    expect(xml).toContain('<property name="coverage.percent" value="33.3"/>');
    expect(xml).toContain('<property name="setup.complete" value="true"/>');
    expect(xml).toContain('<skipped message="no positive answer reached: 2 positive cases, none accepted');
    const page = html(report);
    expect(page).toContain('<strong>1 of 3 operations</strong> reached a positive answer (33.3%)');
    expect(page).toContain('<td>1 (1 refused)</td>');
    expect(page).toContain('answered 404 ×1, 409 ×1');
  });

  it('each finding stands alone: id, expected against got, the answer and its curl lines (escaped)', () => {
    const xml = junit(report);
    expect(xml).toContain('getProject-1 [user] status-declared');
    expect(xml).toContain('expected: a declared status: 200, 404');
    expect(xml).toContain('got: 418');
    expect(xml).toContain('answer: HTTP 418');
    expect(xml).toContain('curl -sS -i -X GET');
    const page = html(report);
    expect(page).toContain('<li id="getProject-1">');
    expect(page).toContain('Expected: a declared status: 200, 404<br>Got: 418');
    expect(page).toContain('<summary>reproduce (curl)</summary>');
    expect(page).not.toContain('<script>');
    expect(summary(report)).toContain(
      'finding getProject-1: conformance --replay report.json --finding getProject-1',
    );
  });
});
