// The run's report three ways: a terminal summary, JUnit XML (one test case per operation and check) for CI
// systems, and a self-contained HTML page. Everything the server or the contract supplied is escaped.
import { unreachedReason } from './coverage.ts';
import type { CheckName, Finding, OperationResult, Report } from './types.ts';

export const CHECKS: readonly CheckName[] = [
  'status-declared',
  'response-schema',
  'content-type',
  'envelope',
  'logged-out-header',
  'auth',
  'positive-accepted',
  'negative-refused',
  'method-not-allowed',
  'stateful',
  'server-error',
  'transport',
  'response-headers',
  'session-cookie',
  'paging',
  'page-beyond-last',
  'unknown-parameter',
  'head-like-get',
  'request-media-type',
  'change-visible',
  'location-resolves',
];

export const CHECK_TEXT: Readonly<Record<CheckName, string>> = {
  'status-declared': 'every answer has a status the operation declares',
  'response-schema': "the body matches the declared status's schema",
  'content-type': 'the content type is declared for that status',
  envelope: 'envelope refusals name a declared message key; StatusCode mirrors the HTTP status',
  'logged-out-header': '401 carries X-Logged-Out: 1; the header has no other value',
  auth: 'session-only operations refuse anonymous callers (401); callers the security allows are not refused 401',
  'positive-accepted':
    'requests the schemas accept (hostile strings, bounds, absent optional bodies too) are not refused as malformed (400/415)',
  'negative-refused': 'requests the schemas refuse are refused with a declared 4xx',
  'method-not-allowed':
    'a method outside the contract answers 405 with the right Allow (every method, every path)',
  stateful: 'a created object can be read back by its creator; a deleted one is gone',
  'server-error': 'no 5xx, whatever was sent (hostile strings, integers beyond ±2^53)',
  transport: 'every request is answered',
  'response-headers':
    "the headers the contract marks required for the answer's status are there (Location, Retry-After) and fit their schemas",
  'session-cookie':
    'the session cookie carries the attributes the contract declares (HttpOnly, SameSite, Path; Secure over https)',
  paging:
    'a page holds at most PageSize items, full pages while more remain, and the same TotalCount on every page',
  'page-beyond-last':
    'the page after the last one is answered with no items and the same TotalCount (not the last page again)',
  'unknown-parameter':
    'a query parameter the contract does not name is ignored: a read answers as it does without it',
  'head-like-get': "HEAD of a read answers the GET's status and content type (RFC 9110 9.3.2)",
  'request-media-type':
    'a JSON body sent as text/plain (a type the operation does not declare) is refused with a declared 4xx, never carried out',
  'change-visible':
    'a change the server accepted shows in the next read of the object (a rename in its name)',
  'location-resolves':
    'the Location of a 201 names something its creator can read (a GET of the contract answers 2xx)',
};

export function summary(report: Report): string {
  const lines: string[] = [];
  const failing = report.operations.filter((o) => o.findings.length > 0);
  lines.push(
    `Conformance of ${report.baseUrl} (seed ${String(report.seed)}, budget ${String(report.budget)}): ` +
      `${String(report.operations.length)} operations, ${String(report.requests)} requests, ` +
      `${String(report.findings.length)} disagreements in ${String(failing.length)} operations ` +
      `(${(report.durationMs / 1000).toFixed(1)} s)`,
  );
  for (const op of failing) {
    lines.push(`✗ ${op.operationId} (${op.method} ${op.path})`);
    const byCheck = groupBy(op.findings, (f) => f.check);
    for (const [check, list] of byCheck) {
      const first = list[0];
      lines.push(`    ${check} ×${String(list.length)}: ${first?.message ?? ''}`);
      if (first) {
        lines.push(`      e.g. [${first.caller}] ${first.request.method} ${first.request.url}`);
        lines.push(`      expected: ${first.expected}`, `      got: ${first.got}`);
        lines.push(`      finding ${first.id}: conformance --replay report.json --finding ${first.id}`);
      }
    }
  }
  const total = (k: keyof OperationResult['exercised']): number =>
    report.operations.reduce((n, o) => n + o.exercised[k], 0);
  const count = (k: keyof OperationResult['exercised']): number =>
    report.operations.filter((o) => o.exercised[k] > 0).length;
  lines.push(
    `Cases: positive ${String(total('positive'))} in ${String(count('positive'))} operations ` +
      `(${String(total('accepted'))} accepted, in ${String(count('accepted'))} operations), ` +
      `negative ${String(total('negative'))} in ${String(count('negative'))} (${String(total('refused'))} refused), ` +
      `auth ${String(total('auth'))} in ${String(count('auth'))} of ${String(report.operations.length)} operations ` +
      `(per operation: report.html)`,
  );
  const c = report.coverage;
  lines.push(
    `Coverage: ${String(c.reached)} of ${String(c.operations)} operations reached a positive answer (${String(c.percent)}%)${
      report.setupComplete ? '' : '; the setup failed, so this run is partial (--allow-partial)'
    }`,
  );
  for (const op of notExercised(report))
    lines.push(`  not exercised positively: ${op.operationId} — ${reasons(op).join('; ')}`);
  for (const op of report.operations.filter((o) => o.exercised.positive > 0 && o.exercised.accepted === 0))
    lines.push(`  no positive answer: ${op.operationId} — ${unreachedReason(op)}`);
  for (const note of report.notes) lines.push(`  ${note}`);
  lines.push(
    report.findings.length === 0 ? '✓ no disagreements' : `✗ ${String(report.findings.length)} disagreements`,
  );
  return lines.join('\n');
}

/** Operations no positive case was sent for. */
export function notExercised(report: Report): OperationResult[] {
  return report.operations.filter((o) => o.exercised.positive === 0);
}

function reasons(op: OperationResult): string[] {
  return [...new Set(op.skipped.map((s) => s.replace(/^not exercised positively: /, '')))];
}

export function junit(report: Report): string {
  const cases: string[] = [];
  let failures = 0;
  for (const op of report.operations) {
    const byCheck = groupBy(op.findings, (f) => f.check);
    for (const check of CHECKS) {
      const list = byCheck.get(check) ?? [];
      const name = `${op.operationId} ${check}`;
      if (list.length === 0) {
        cases.push(`    <testcase classname="${xml(op.operationId)}" name="${xml(name)}"/>`);
        continue;
      }
      failures++;
      const detail = list
        .slice(0, 20)
        .map((f) => findingText(f))
        .join('\n\n');
      cases.push(
        `    <testcase classname="${xml(op.operationId)}" name="${xml(name)}">\n` +
          `      <failure message="${xml(list[0]?.message ?? '')}" type="${xml(check)}">${xml(detail)}</failure>\n` +
          `    </testcase>`,
      );
    }
    const e = op.exercised;
    const name = `${op.operationId} cases (positive ${String(e.positive)}, accepted ${String(e.accepted)}, negative ${String(e.negative)}, refused ${String(e.refused)}, auth ${String(e.auth)})`;
    const gap =
      e.positive === 0
        ? `not exercised positively: ${reasons(op).join('; ')}`
        : e.accepted === 0
          ? `no positive answer reached: ${unreachedReason(op)}`
          : undefined;
    cases.push(
      gap !== undefined
        ? `    <testcase classname="${xml(op.operationId)}" name="${xml(name)}"><skipped message="${xml(gap)}"/></testcase>`
        : `    <testcase classname="${xml(op.operationId)}" name="${xml(name)}"/>`,
    );
  }
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="conformance" tests="${String(cases.length)}" failures="${String(failures)}" time="${(report.durationMs / 1000).toFixed(3)}">\n` +
    `  <testsuite name="conformance ${xml(report.baseUrl)}" tests="${String(cases.length)}" failures="${String(failures)}" timestamp="${xml(report.startedAt)}">\n` +
    `    <properties>\n` +
    `      <property name="coverage.operations" value="${String(report.coverage.operations)}"/>\n` +
    `      <property name="coverage.reached" value="${String(report.coverage.reached)}"/>\n` +
    `      <property name="coverage.percent" value="${String(report.coverage.percent)}"/>\n` +
    `      <property name="setup.complete" value="${String(report.setupComplete)}"/>\n` +
    `      <property name="seed" value="${String(report.seed)}"/>\n` +
    `    </properties>\n` +
    `${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`
  );
}

export function html(report: Report): string {
  const rows = report.operations
    .map((op) => {
      const status = op.findings.length === 0 ? 'ok' : 'fail';
      const findings = op.findings
        .slice(0, 50)
        .map(
          (f) =>
            `<li id="${esc(f.id)}"><strong>${esc(f.check)}</strong> <span class="caller">${esc(f.caller)}</span> <code>${esc(f.id)}</code> ${esc(f.message)}<br><code>${esc(f.request.method)} ${esc(f.request.url)}</code>${
              f.request.body ? `<pre>${esc(f.request.body.slice(0, 2000))}</pre>` : ''
            }<br>Expected: ${esc(f.expected)}<br>Got: ${esc(f.got)}${
              f.response
                ? `<details><summary>answer ${String(f.response.status)}</summary><pre>${esc(
                    Object.entries(f.response.headers)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join('\n'),
                  )}</pre><pre>${esc(f.response.body)}</pre></details>`
                : ''
            }<details><summary>reproduce (curl)</summary><pre>${esc(f.reproduce)}</pre></details></li>`,
        )
        .join('');
      const skipped = [...new Set(op.skipped)].map((s) => `<li class="skip">${esc(s)}</li>`).join('');
      const e = op.exercised;
      const cases = `<td>${e.positive === 0 ? '<strong>not exercised</strong>' : `${String(e.positive)} (${String(e.accepted)} accepted)`}</td><td>${String(e.negative)} (${String(e.refused)} refused)</td><td>${e.auth === 0 ? '—' : String(e.auth)}</td>`;
      const gap = e.accepted === 0 ? `<li class="skip">${esc(unreachedReason(op))}</li>` : '';
      return `<tr class="${status}"><td>${status === 'ok' ? '✓' : '✗'}</td><td><code>${esc(op.operationId)}</code></td><td><code>${esc(op.method)} ${esc(op.path)}</code></td><td>${String(op.requests)}</td>${cases}<td>${String(op.findings.length)}${
        findings || skipped || gap
          ? `<details><summary>details</summary><ul>${findings}${gap}${skipped}</ul></details>`
          : ''
      }</td></tr>`;
    })
    .join('\n');
  const checks = CHECKS.map((c) => `<li><code>${esc(c)}</code>: ${esc(CHECK_TEXT[c])}</li>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:2rem;line-height:1.4;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
tr.fail td:first-child{color:#b00020;font-weight:bold}tr.ok td:first-child{color:#0a7d32}
pre{white-space:pre-wrap;word-break:break-all;background:#f5f5f5;padding:.3rem}.caller{color:#555}.skip{color:#666}
</style></head><body>
<h1>Conformance report</h1>
<p>Server <code>${esc(report.baseUrl)}</code>, seed ${String(report.seed)}, budget ${String(report.budget)}, started ${esc(report.startedAt)},
${String(report.requests)} requests in ${(report.durationMs / 1000).toFixed(1)} s:
<strong>${String(report.findings.length)} disagreements</strong> in ${String(report.operations.filter((o) => o.findings.length > 0).length)} of ${String(report.operations.length)} operations.</p>
<h2>Coverage</h2>
<p><strong>${String(report.coverage.reached)} of ${String(report.coverage.operations)} operations</strong> reached a positive answer (${String(report.coverage.percent)}%)${report.setupComplete ? '' : '; <strong>the setup failed: a partial run</strong>'}.</p>
${report.notes.length > 0 ? `<ul>${report.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : ''}
${
  report.coverage.unreached.length > 0
    ? `<table class="coverage"><thead><tr><th scope="col">Not reached</th><th scope="col">Why</th></tr></thead><tbody>${report.coverage.unreached
        .map((u) => `<tr><td><code>${esc(u.operationId)}</code></td><td>${esc(u.reason)}</td></tr>`)
        .join('')}</tbody></table>`
    : ''
}
<h2>Checks</h2><ul>${checks}</ul>
<h2>Operations</h2>
<table><thead><tr><th scope="col">Result</th><th scope="col">Operation</th><th scope="col">Method and path</th><th scope="col">Requests</th><th scope="col">Positive</th><th scope="col">Negative (refused)</th><th scope="col">Auth (anonymous refused)</th><th scope="col">Disagreements</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}

/** A finding in plain text: what was sent, expected against got, the answer (excerpt) and its reproduction. */
export function findingText(f: Finding): string {
  const answer = f.response
    ? [
        `answer: HTTP ${String(f.response.status)}`,
        ...Object.entries(f.response.headers).map(([k, v]) => `  ${k}: ${v}`),
        `  ${f.response.body.slice(0, 500)}`,
      ]
    : [];
  return [
    `${f.id} [${f.caller}] ${f.check}: ${f.message}`,
    `request: ${f.request.method} ${f.request.url}${f.request.body ? ` ${f.request.body.slice(0, 500)}` : ''}`,
    `expected: ${f.expected}`,
    `got: ${f.got}`,
    ...answer,
    'reproduce:',
    f.reproduce,
  ].join('\n');
}

export function esc(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

function xml(value: string): string {
  // XML 1.0 cannot carry most control characters even escaped: they are replaced.
  // eslint-disable-next-line no-control-regex -- these are exactly the characters XML cannot carry
  return esc(value).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD');
}

function groupBy(list: Finding[], key: (f: Finding) => string): Map<string, Finding[]> {
  const out = new Map<string, Finding[]>();
  for (const f of list) out.set(key(f), [...(out.get(key(f)) ?? []), f]);
  return out;
}
