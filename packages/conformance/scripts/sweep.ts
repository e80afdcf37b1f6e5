// The seed sweep (#37): the demo API against the contract at many seeds, each on a fresh demo (its own seeded data
// folder), the four kinds of caller, printing the findings per seed and the findings themselves. Figures, not a
// test: `pnpm --filter @assessment/conformance run bench:sweep` (the 50-seed sweep at budget 2), or `run sweep -- --seeds
// N --budget B` (default 10 seeds from 1; --from N; --unreached lists each operation no positive answer reached, and
// why). CI runs three seeds of it every time (tests/conformance.test.ts, tests/demo.ts CI_SEEDS).
// About 10–30 s per seed at budget 2 on a 2-core machine, more under load (it prints the load average).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../../apps/mock/src/config.ts';
import { buildServer } from '../../../apps/mock/src/http/server.ts';
import { openDatabase } from '../../../apps/mock/src/store/db.ts';
import { seed as seedDemo } from '../../../apps/mock/src/store/seed.ts';
import { Engine } from '../src/engine.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string' },
    from: { type: 'string' },
    budget: { type: 'string' },
    unreached: { type: 'boolean' },
  },
});
const count = Number(values.seeds ?? 10);
const from = Number(values.from ?? 1);
const budget = Number(values.budget ?? 2);
const PASSWORD = 'Demo-Portal-2026';
const CALLERS = [
  { name: 'anonymous' },
  { name: 'end user', email: 'enduser@adventure-works.example', password: PASSWORD },
  { name: 'partner', email: 'partner.admin@contoso-partners.example', password: PASSWORD },
  { name: 'admin', email: 'admin@dell.example', password: PASSWORD },
];

// One seeded template (scrypt hashing of every account takes seconds), copied for each seed.
const template = mkdtempSync(path.join(tmpdir(), 'sweep-template-'));
const db = openDatabase(template);
seedDemo(db);
db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
db.close();

console.log(
  `seed sweep: seeds ${String(from)}–${String(from + count - 1)}, budget ${String(budget)}, load ${loadavg()[0]?.toFixed(1) ?? '?'}`,
);
let total = 0;
let dirty = 0;
for (let seed = from; seed < from + count; seed++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sweep-'));
  cpSync(template, dataDir, { recursive: true });
  const config = loadConfig({}, [], {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    timeScale: 0.01,
    portalDist: path.join(dataDir, 'no-portal'),
  });
  const server = await buildServer(config);
  const url = await server.app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const report = await new Engine({
      baseUrl: url,
      callers: CALLERS,
      seed,
      budget,
      mailbox: '/dev/mailbox/messages.json',
    }).run();
    total += report.findings.length;
    if (report.findings.length > 0) dirty++;
    console.log(
      `seed ${String(seed)}: ${String(report.findings.length)} findings, ${String(report.requests)} requests, coverage ${String(report.coverage.percent)}% (${(report.durationMs / 1000).toFixed(0)} s)`,
    );
    for (const f of report.findings.slice(0, 10))
      console.log(`  ${f.id} [${f.caller}] ${f.check}: ${f.message}`);
    if (values.unreached)
      for (const u of report.coverage.unreached) console.log(`  not reached: ${u.operationId} — ${u.reason}`);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
rmSync(template, { recursive: true, force: true });
console.log(`${String(count)} seeds: ${String(total)} findings, ${String(dirty)} seeds with findings`);
process.exitCode = total === 0 ? 0 : 1;
