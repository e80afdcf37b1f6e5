#!/usr/bin/env node
// `conformance --base-url URL --user EMAIL --password …`: runs the engine against any server implementing the
// contract and writes a terminal summary, JUnit XML and an HTML report. Exit code 0: no disagreement; 1: the run
// found disagreements; 2: the command could not run (bad option, unreadable contract, unreachable server).
// Every failure is one plain sentence on stderr; CONFORMANCE_VERBOSE=1 adds the stack and the engine's log.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Contract, DEFAULT_CONTRACT, type Json } from './contract.ts';
import { Engine, type Caller } from './engine.ts';
import { SetupError, type Report } from './types.ts';
import { replay, ReplayError } from './replay.ts';
import { html, junit, summary } from './report.ts';
import { FIGURE_FILES } from './figures/files.ts';
import { FiguresError, runFigures } from './figures/mode.ts';
import { figuresHtml, figuresJunit, figuresSummary } from './figures/report.ts';

const HELP = `Usage: conformance --base-url URL [--user EMAIL --password PASSWORD] [options]

Checks a running server against the assessment portal's OpenAPI contract: for every operation and caller it
sends requests the contract accepts and requests it refuses, and checks every answer (status, body schema,
content type, envelope, authentication, 405 with the right Allow for every method outside the contract, hostile
strings and integer bounds, created objects read back). The contract ships with this package.

Options
  --base-url URL        the server (its portal API root; path-level servers of the contract are appended)
  --user EMAIL          an account to sign in as (caller "user"); the password comes from --password or
                        CONFORMANCE_PASSWORD
  --password PASSWORD   the password of --user and --caller accounts (prefer CONFORMANCE_PASSWORD in CI)
  --caller NAME=EMAIL   more accounts (repeatable; same password), e.g. --caller partner=p@example.com
  --callers LIST        only these callers (comma separated; "anonymous" is always available)
  --seed N              random seed (default 1): the same seed sends the same requests
  --budget N            positive cases per operation and caller, and at most as many negative ones (default 4)
  --negatives N         negative cases per operation and caller (default: the budget)
  --operations LIST     only these operation ids (comma separated)
  --account-writes      also send positive cases of the calls that change your callers' own accounts
                        (profile, language, country, terms, culture); off by default (the account the run
                        registers gets them always)
  --hostile N           hostile strings per string parameter or field (default 3: the apostrophe and a seeded
                        sample of the others, plus the long ones; 0 sends none, 11 or more sends them all)
  --mailbox URL         where the mail your server sent can be read as JSON ({ messages: [{ to, links }] }), for a
                        server that confirms a new account's address before it signs in (a path is taken on the
                        base URL); without it the run looks for the server's own development mailbox
                        (/dev/mailbox/messages.json, which the demo API has)
  --allow-partial       go on when the setup fails (sign-in of the account it registers, confirming its address,
                        a throttled registration), without the positive cases that need what it creates; by
                        default such a run stops with exit code 2 and one sentence saying what to pass
  --min-coverage P      exit 1 when fewer than P percent of the operations run reached a positive answer (a
                        positive case the server accepted); the reports list every other one and why
  --origin URL          send this Origin header (servers that refuse writes without a same-site origin)
  --replay FILE         re-run one finding of an earlier run's report.json (with --finding ID): the same request,
                        signed in as the same caller (its password from --password or CONFORMANCE_PASSWORD),
                        and the check that failed; exit 1 when it is reproduced, 0 when not (--base-url
                        defaults to the report's server)
  --finding ID          the finding to replay (each finding's id is in the reports, e.g. getProject-2)
  --figures             the figures mode instead: uploads the reference collector files shipped in the package as
                        --user (into new projects, deleted at the end), waits for their ingest and compares every
                        figure of the series, summary and sizing with the package's own reference computation of
                        docs/collector-format.md and docs/sizing.md, one line per figure (expected, got,
                        tolerance); exit 1 when one disagrees
  --figures-files LIST  only these reference files (comma separated: one-host, offset-hosts, gaps-unknown,
                        vsphere), e.g. without vsphere for a server that does not read format 3
  --out DIR             where to write junit.xml, report.html and report.json (default ./conformance-report)
  --contract FILE|URL   another bundled contract (JSON); default: the contract shipped in this package
  --timeout MS          per-request timeout (default 10000)
  --version             print the version and the contract's version
  -h, --help            this text

Examples
  # Every operation, as an anonymous caller and one signed-in account:
  CONFORMANCE_PASSWORD=… npx conformance --base-url http://localhost:8080 --user qa@example.com

  # A quick CI smoke test: two cases per operation, a fixed seed, reports for the CI server:
  npx conformance --base-url "$API_URL" --user qa@example.com --budget 2 --seed 7 --out reports/conformance

  # The figures a sizing rests on, against the package's reference computation:
  CONFORMANCE_PASSWORD=… npx conformance --figures --base-url http://localhost:8080 --user qa@example.com

  # Only some operations, against a newer contract than the one shipped:
  npx conformance --base-url http://localhost:8080 --operations listProjects,getProject \\
    --contract https://portal.example.com/openapi.json

Exit codes: 0 no disagreement, 1 disagreements found (listed, and in the reports) or coverage under
--min-coverage, 2 the run could not start or its setup failed (one sentence says what to pass).

The run never changes data it did not create: positive cases of operations that change existing objects use only
ids the run created itself — before the run it registers an account on a new domain (its own team), signs in as it
("created account"), adds two employees and uploads two collector runs, all through the contract's operations;
writes no operation can create objects for (promo sites) are reported as not exercised. Negative cases use ids
that do not exist. Use a test environment: the run creates projects (and deletes them), an account with a team,
and sends invalid requests. It signs in once per caller with the given password, so it never trips sign-in
throttling.`;

/** A failure the user can fix: printed as one sentence, exit code 2. */
class UsageError extends Error {}
/** The run's setup failed: its sentence says what to pass (no usage hint). */
class SetupFailure extends UsageError {}

const VERBOSE = Boolean(process.env.CONFORMANCE_VERBOSE);

function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`conformance: ${message}`);
  if (!(error instanceof UsageError)) {
    if (VERBOSE && error instanceof Error && error.stack) console.error(error.stack);
    else console.error('(set CONFORMANCE_VERBOSE=1 for details)');
  } else if (!(error instanceof SetupFailure))
    console.error('Run `conformance --help` for the options and examples.');
  process.exit(2);
}

process.on('unhandledRejection', fail);

function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? 'unknown';
}

function parse() {
  try {
    return parseArgs({
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
        'allow-partial': { type: 'boolean' },
        'min-coverage': { type: 'string' },
        replay: { type: 'string' },
        finding: { type: 'string' },
        figures: { type: 'boolean' },
        'figures-files': { type: 'string' },
        origin: { type: 'string' },
        mailbox: { type: 'string' },
        hostile: { type: 'string' },
        out: { type: 'string' },
        contract: { type: 'string' },
        timeout: { type: 'string' },
        version: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    }).values;
  } catch (error) {
    // node:util's messages name the option ("Unknown option '--x'"); its stack says nothing more.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** An http(s) URL, or a UsageError naming the option. */
function httpUrl(option: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${option} expects an http:// or https:// URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${option} expects an http:// or https:// URL, got "${value}"`);
  return url;
}

/** The contract from a file or an http(s) URL; every way it can fail is one sentence. */
async function loadContract(source: string | undefined, timeoutMs: number): Promise<Contract> {
  let text: string;
  let where: string;
  if (source && /^https?:\/\//i.test(source)) {
    where = source;
    let response: Response;
    try {
      response = await fetch(httpUrl('--contract', source), { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new UsageError(`could not download the contract from ${source}: ${reason(error)}`);
    }
    if (!response.ok)
      throw new UsageError(`could not download the contract from ${source}: HTTP ${String(response.status)}`);
    text = await response.text();
  } else {
    where = source ? path.resolve(source) : DEFAULT_CONTRACT;
    try {
      text = readFileSync(where, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(
        code === 'ENOENT'
          ? `the contract file ${where} does not exist`
          : `could not read the contract file ${where}: ${reason(error)}`,
      );
    }
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new UsageError(
      `the contract at ${where} is not JSON (give the bundled contract, e.g. openapi/dist/openapi.json)`,
    );
  }
  const record = doc as Json | null;
  if (
    !record ||
    typeof record !== 'object' ||
    typeof record.openapi !== 'string' ||
    typeof record.paths !== 'object'
  )
    throw new UsageError(`the contract at ${where} is not an OpenAPI document (no "openapi" and "paths")`);
  try {
    return new Contract(record);
  } catch (error) {
    throw new UsageError(`the contract at ${where} could not be read: ${reason(error)}`);
  }
}

/** The innermost cause of a fetch failure (ECONNREFUSED, ENOTFOUND, ...), else the message. */
function reason(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  if (current instanceof Error) {
    const code = (current as NodeJS.ErrnoException).code;
    if (current.name === 'TimeoutError') return 'no answer in time';
    return code ? `${code} (${current.message})` : current.message;
  }
  return String(current);
}

/** One request before the run: an unreachable server is one sentence, not a finding per request. */
async function checkReachable(baseUrl: URL, timeoutMs: number): Promise<void> {
  try {
    const response = await fetch(baseUrl, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
  } catch (error) {
    throw new UsageError(`cannot reach ${baseUrl.href}: ${reason(error)}`);
  }
}

/** `--replay FILE --finding ID`: one finding again; 1 when reproduced, 0 when not. */
async function replayOne(values: ReturnType<typeof parse>): Promise<number> {
  if (!values.replay || !values.finding)
    throw new UsageError(
      '--replay FILE and --finding ID go together (the report.json of a run, and a finding id in it)',
    );
  let report: Report;
  try {
    report = JSON.parse(readFileSync(path.resolve(values.replay), 'utf8')) as Report;
  } catch (error) {
    throw new UsageError(`could not read the report ${values.replay}: ${reason(error)}`);
  }
  if (!Array.isArray(report.findings) || typeof report.baseUrl !== 'string')
    throw new UsageError(`${values.replay} is not a conformance report.json`);
  const baseUrl = values['base-url'] ?? report.baseUrl;
  httpUrl('--base-url', baseUrl);
  const timeoutMs = values.timeout === undefined ? 10_000 : Number(values.timeout);
  const contract = await loadContract(values.contract, timeoutMs);
  const password = values.password ?? process.env.CONFORMANCE_PASSWORD;
  try {
    const done = await replay({
      report,
      findingId: values.finding,
      contract,
      baseUrl,
      timeoutMs,
      ...(password ? { password } : {}),
      ...(values.origin ? { headers: { origin: values.origin } } : {}),
    });
    for (const line of done.lines) console.log(line);
    return done.reproduced ? 1 : 0;
  } catch (error) {
    if (error instanceof ReplayError || error instanceof SetupError) throw new UsageError(error.message);
    throw error;
  }
}

async function main(): Promise<number> {
  const values = parse();
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.version) {
    const contract = await loadContract(values.contract, 10_000);
    const info = contract.doc.info as { title?: string; version?: string } | undefined;
    console.log(`conformance ${version()} (contract: ${info?.title ?? '?'} ${info?.version ?? '?'})`);
    return 0;
  }
  if (values.replay !== undefined || values.finding !== undefined) return replayOne(values);
  if (!values['base-url']) throw new UsageError('--base-url is required (the server to check)');
  const baseUrl = httpUrl('--base-url', values['base-url']);

  const password = values.password ?? process.env.CONFORMANCE_PASSWORD;
  const callers: Caller[] = [{ name: 'anonymous' }];
  if (values.user) callers.push({ name: 'user', email: values.user, ...(password ? { password } : {}) });
  for (const spec of values.caller ?? []) {
    const [name, email] = spec.split('=');
    if (!name || !email) throw new UsageError(`--caller expects NAME=EMAIL, got "${spec}"`);
    callers.push({ name, email, ...(password ? { password } : {}) });
  }
  const wanted = values.callers
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const unknown = wanted?.filter((name) => !callers.some((c) => c.name === name)) ?? [];
  if (unknown.length > 0)
    throw new UsageError(
      `--callers names ${unknown.join(', ')}, not one of ${callers.map((c) => c.name).join(', ')}`,
    );
  const chosen = wanted ? callers.filter((c) => wanted.includes(c.name)) : callers;
  if (callers.some((c) => c.email) && !password)
    throw new UsageError('a signed-in caller needs --password (or CONFORMANCE_PASSWORD)');
  const int = (option: string, v: string | undefined, fallback: number): number => {
    const n = v === undefined ? fallback : Number(v);
    if (!Number.isInteger(n) || n < 0)
      throw new UsageError(`${option} expects a whole number, got "${String(v)}"`);
    return n;
  };
  const timeoutMs = int('--timeout', values.timeout, 10_000);
  const minCoverage = values['min-coverage'] === undefined ? 0 : Number(values['min-coverage']);
  if (!Number.isFinite(minCoverage) || minCoverage < 0 || minCoverage > 100)
    throw new UsageError(
      `--min-coverage expects a percentage from 0 to 100, got "${String(values['min-coverage'])}"`,
    );
  if (values.origin) httpUrl('--origin', values.origin);
  if (values.mailbox && !values.mailbox.startsWith('/')) httpUrl('--mailbox', values.mailbox);

  const contract = await loadContract(values.contract, timeoutMs);
  if (values.figures) {
    if (!values.user || !password)
      throw new UsageError(
        '--figures uploads as --user: give --user and --password (or CONFORMANCE_PASSWORD)',
      );
    await checkReachable(baseUrl, timeoutMs);
    return figures(values, contract, values.user, password, timeoutMs);
  }
  const operations =
    values.operations
      ?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? [];
  const missing = operations.filter((id) => !contract.operations.some((op) => op.operationId === id));
  if (missing.length > 0)
    throw new UsageError(`--operations names operations the contract does not have: ${missing.join(', ')}`);
  await checkReachable(baseUrl, timeoutMs);

  const engine = new Engine({
    baseUrl: values['base-url'],
    callers: chosen,
    seed: int('--seed', values.seed, 1),
    budget: int('--budget', values.budget, 4),
    ...(values.negatives !== undefined ? { negatives: int('--negatives', values.negatives, 4) } : {}),
    ...(values.hostile !== undefined ? { hostile: int('--hostile', values.hostile, 3) } : {}),
    ...(values.mailbox ? { mailbox: values.mailbox } : {}),
    operations,
    accountWrites: values['account-writes'] ?? false,
    allowPartial: values['allow-partial'] ?? false,
    timeoutMs,
    ...(values.origin ? { headers: { origin: values.origin } } : {}),
    contract,
    log: (line) => {
      if (VERBOSE) console.error(line);
    },
  });

  let report;
  try {
    report = await engine.run();
  } catch (error) {
    if (error instanceof SetupError) throw new SetupFailure(error.message);
    throw error;
  }
  const out = path.resolve(values.out ?? 'conformance-report');
  try {
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'junit.xml'), junit(report));
    writeFileSync(path.join(out, 'report.html'), html(report));
    writeFileSync(path.join(out, 'report.json'), JSON.stringify(report, null, 2));
  } catch (error) {
    console.log(summary(report));
    throw new UsageError(`could not write the reports to ${out}: ${reason(error)}`);
  }
  console.log(summary(report));
  console.log(`Reports: ${path.join(out, 'junit.xml')}, ${path.join(out, 'report.html')}`);
  const below = report.coverage.percent < minCoverage;
  if (below)
    console.log(
      `✗ coverage ${String(report.coverage.percent)}% is below --min-coverage ${String(minCoverage)}% (the operations not reached, and why: report.html)`,
    );
  return report.findings.length === 0 && !below ? 0 : 1;
}

/** `--figures`: the reference files' figures against the server's; the same three reports, one line per figure. */
async function figures(
  values: ReturnType<typeof parse>,
  contract: Contract,
  email: string,
  password: string,
  timeoutMs: number,
): Promise<number> {
  const files = values['figures-files']
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = files?.filter((f) => !FIGURE_FILES.some((x) => x.file === f)) ?? [];
  if (unknown.length > 0)
    throw new UsageError(
      `--figures-files names ${unknown.join(', ')}, not one of ${FIGURE_FILES.map((x) => x.file).join(', ')}`,
    );
  let report;
  try {
    report = await runFigures({
      baseUrl: values['base-url'] ?? '',
      contract,
      ...(files ? { files } : {}),
      email,
      password,
      timeoutMs,
      ...(values.origin ? { headers: { origin: values.origin } } : {}),
      log: (line) => {
        if (VERBOSE) console.error(line);
      },
    });
  } catch (error) {
    if (error instanceof FiguresError) throw new SetupFailure(error.message);
    throw error;
  }
  const out = path.resolve(values.out ?? 'conformance-report');
  try {
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'junit.xml'), figuresJunit(report));
    writeFileSync(path.join(out, 'report.html'), figuresHtml(report));
    writeFileSync(path.join(out, 'report.json'), JSON.stringify(report, null, 2));
  } catch (error) {
    console.log(figuresSummary(report));
    throw new UsageError(`could not write the reports to ${out}: ${reason(error)}`);
  }
  console.log(figuresSummary(report));
  console.log(`Reports: ${path.join(out, 'junit.xml')}, ${path.join(out, 'report.html')}`);
  return report.failed === 0 ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  fail(error);
}
