// The figures run's report three ways, one line per figure (expected, got, tolerance): the terminal summary, JUnit
// (one test case per figure, failed when got is outside the tolerance) and a self-contained HTML page.
import { esc } from '../report.ts';
import type { FigureLine, FiguresReport } from '../types.ts';
import { FIGURE_FILES } from './files.ts';

const shown = (x: FigureLine['expected']): string => (x === null ? 'null' : String(x));

/** One figure as a line: `✓ file operation figure: expected E, got G (tolerance T)`. */
export function figureText(l: FigureLine): string {
  return `${l.ok ? '✓' : '✗'} ${l.file} ${l.operationId} ${l.figure}: expected ${shown(l.expected)}, got ${shown(l.got)} (${l.tolerance})`;
}

export function figuresSummary(report: FiguresReport): string {
  const s = report.settings;
  const lines = [
    `Figures of ${report.baseUrl}: ${String(report.files.length)} reference files, ${String(report.figures.length)} figures, ` +
      `sized at ${s.basis}, headroom ${String(s.headroom)} %, growth ${String(s.growth)} %, ${String(s.horizon)} years ` +
      `(${(report.durationMs / 1000).toFixed(1)} s)`,
    ...report.figures.map(figureText),
    report.failed === 0
      ? `✓ every figure as the reference computes it (${String(report.figures.length)})`
      : `✗ ${String(report.failed)} of ${String(report.figures.length)} figures disagree with the reference`,
  ];
  return lines.join('\n');
}

export function figuresJunit(report: FiguresReport): string {
  const cases = report.figures.map((l) => {
    const name = xml(`${l.file} ${l.operationId} ${l.figure}`);
    const props = `expected ${shown(l.expected)}, got ${shown(l.got)}, tolerance ${l.tolerance}`;
    return l.ok
      ? `    <testcase classname="figures.${xml(l.file)}" name="${name}"><system-out>${xml(props)}</system-out></testcase>`
      : `    <testcase classname="figures.${xml(l.file)}" name="${name}">\n      <failure message="${xml(props)}" type="figure">${xml(figureText(l))}</failure>\n    </testcase>`;
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<testsuites name="conformance figures" tests="${String(cases.length)}" failures="${String(report.failed)}" time="${(report.durationMs / 1000).toFixed(3)}">\n` +
    `  <testsuite name="figures ${xml(report.baseUrl)}" tests="${String(cases.length)}" failures="${String(report.failed)}" timestamp="${xml(report.startedAt)}">\n` +
    `${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`
  );
}

export function figuresHtml(report: FiguresReport): string {
  const rows = report.figures
    .map(
      (l) =>
        `<tr class="${l.ok ? 'ok' : 'fail'}"><td>${l.ok ? '✓' : '✗'}</td><td>${esc(l.file)}</td><td><code>${esc(l.operationId)}</code></td><td><code>${esc(l.figure)}</code></td><td>${esc(shown(l.expected))}</td><td>${esc(shown(l.got))}</td><td>${esc(l.tolerance)}</td></tr>`,
    )
    .join('\n');
  const files = FIGURE_FILES.filter((f) => report.files.some((x) => x.file === f.file))
    .map((f) => `<li><code>${esc(f.file)}.jsonl</code>: ${esc(f.proves)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Figures conformance report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;margin:2rem;line-height:1.4;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:.3rem;text-align:left;vertical-align:top}
tr.fail td:first-child{color:#b00020;font-weight:bold}tr.ok td:first-child{color:#0a7d32}
</style></head><body>
<h1>Figures conformance report</h1>
<p>Server <code>${esc(report.baseUrl)}</code>, started ${esc(report.startedAt)}, ${(report.durationMs / 1000).toFixed(1)} s:
<strong>${String(report.failed)} of ${String(report.figures.length)} figures disagree</strong> with the reference (docs/collector-format.md, docs/sizing.md).</p>
<h2>Reference files</h2><ul>${files}</ul>
<h2>Figures</h2>
<table><thead><tr><th scope="col">Result</th><th scope="col">File</th><th scope="col">Operation</th><th scope="col">Figure</th><th scope="col">Expected</th><th scope="col">Got</th><th scope="col">Tolerance</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}

function xml(value: string): string {
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry, even escaped
  return esc(value).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD');
}
