#!/usr/bin/env node
// `pnpm conformance --base-url URL --user EMAIL --password …`: runs the engine against any server implementing the
// contract and writes a terminal summary, JUnit XML and an HTML report. Exit code 1 when it finds a disagreement.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Contract } from './contract.ts';
import { Engine, type Caller } from './engine.ts';
import { html, junit, summary } from './report.ts';

const HELP = `Usage: pnpm conformance --base-url URL [--user EMAIL --password PASSWORD] [options]

  --base-url URL        the server (its portal API root; path-level servers of the contract are appended)
  --user EMAIL          an account to sign in as (caller "user"); the password comes from --password or
                        CONFORMANCE_PASSWORD
  --caller NAME=EMAIL   more accounts (repeatable; same password), e.g. --caller partner=p@example.com
  --callers LIST        only these callers (comma separated; "anonymous" is always available)
  --seed N              random seed (default 1): the same seed sends the same requests
  --budget N            positive cases per operation and caller, and at most as many negative ones (default 4)
  --negatives N         negative cases per operation and caller (default: the budget)
  --operations LIST     only these operation ids (comma separated)
  --account-writes      also send positive cases of the calls that change your callers' own accounts
                        (profile, language, country, terms, culture); off by default (the account the run
                        registers gets them always)
  --origin URL          send this Origin header (servers that refuse writes without a same-site origin)
  --out DIR             where to write junit.xml and report.html (default ./conformance-report)
  --contract FILE       the bundled contract (default openapi/dist/openapi.json)
  --timeout MS          per-request timeout (default 10000)

The run never changes data it did not create: positive cases of operations that change existing objects use only
ids the run created itself — before the run it registers an account on a new domain (its own team), signs in as it
("created account"), adds two employees and uploads two collector runs, all through the contract's operations;
writes no operation can create objects for (promo sites) are reported as not exercised. Negative cases use ids
that do not exist. Use a test environment: the run creates projects (and deletes them), an account with a team,
and sends invalid requests. It signs in once per caller with the given password, so it never trips sign-in
throttling.`;

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    caller: { type: 'string', multiple: true },
    callers: { type: 'string' },
    seed: { type: 'string' },
    budget: { type: 'string' },
    negatives: { type: 'string' },
    operations: { type: 'string' },
    'account-writes': { type: 'boolean' },
    origin: { type: 'string' },
    out: { type: 'string' },
    contract: { type: 'string' },
    timeout: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  allowPositionals: false,
});

if (values.help || !values['base-url']) {
  console.log(HELP);
  process.exit(values.help ? 0 : 2);
}

const password = values.password ?? process.env.CONFORMANCE_PASSWORD;
const callers: Caller[] = [{ name: 'anonymous' }];
if (values.user) callers.push({ name: 'user', email: values.user, ...(password ? { password } : {}) });
for (const spec of values.caller ?? []) {
  const [name, email] = spec.split('=');
  if (!name || !email) {
    console.error(`--caller expects NAME=EMAIL, got ${spec}`);
    process.exit(2);
  }
  callers.push({ name, email, ...(password ? { password } : {}) });
}
const wanted = values.callers
  ?.split(',')
  .map((c) => c.trim())
  .filter(Boolean);
const chosen = wanted ? callers.filter((c) => wanted.includes(c.name)) : callers;
if (callers.some((c) => c.email) && !password) {
  console.error('A signed-in caller needs --password (or CONFORMANCE_PASSWORD).');
  process.exit(2);
}
const int = (v: string | undefined, fallback: number): number => {
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`not a whole number: ${String(v)}`);
    process.exit(2);
  }
  return n;
};

const engine = new Engine({
  baseUrl: values['base-url'],
  callers: chosen,
  seed: int(values.seed, 1),
  budget: int(values.budget, 4),
  ...(values.negatives !== undefined ? { negatives: int(values.negatives, 4) } : {}),
  operations:
    values.operations
      ?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? [],
  accountWrites: values['account-writes'] ?? false,
  timeoutMs: int(values.timeout, 10_000),
  ...(values.origin ? { headers: { origin: values.origin } } : {}),
  ...(values.contract ? { contract: Contract.load(path.resolve(values.contract)) } : {}),
  log: (line) => {
    if (process.env.CONFORMANCE_VERBOSE) console.error(line);
  },
});

try {
  const report = await engine.run();
  const out = path.resolve(values.out ?? 'conformance-report');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'junit.xml'), junit(report));
  writeFileSync(path.join(out, 'report.html'), html(report));
  writeFileSync(path.join(out, 'report.json'), JSON.stringify(report, null, 2));
  console.log(summary(report));
  console.log(`Reports: ${path.join(out, 'junit.xml')}, ${path.join(out, 'report.html')}`);
  process.exit(report.findings.length === 0 ? 0 : 1);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
