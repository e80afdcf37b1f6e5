// `--replay <report.json> --finding <id>`: one finding of an earlier run, again, without the generator — the
// request as it was sent (signed in as the finding's caller) and the check that failed, applied to the new answer.
// A stateful finding needs the objects its run created and is not replayed (its curl lines show the request).
import type { Contract } from './contract.ts';
import { Engine, newResult } from './engine.ts';
import { checkAllowedCaller } from './checks/auth.ts';
import { checkNotMalformed } from './checks/positive.ts';
import type { Finding, Report, Session } from './types.ts';

/** A finding that cannot be replayed as asked: one sentence saying why (and what to pass). */
export class ReplayError extends Error {}

export interface Replayed {
  finding: Finding;
  reproduced: boolean;
  /** The lines to print: what was sent, the answer, and the verdict. */
  lines: string[];
}

export async function replay(options: {
  report: Report;
  findingId: string;
  contract: Contract;
  /** Default: the report's server. */
  baseUrl?: string;
  /** The password of the finding's caller (the run's own account's comes from the report). */
  password?: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
}): Promise<Replayed> {
  const { report, findingId, contract } = options;
  const finding = report.findings.find((f) => f.id === findingId);
  if (!finding)
    throw new ReplayError(
      report.findings.length === 0
        ? `the report has no findings, so no finding ${findingId}`
        : `the report has no finding ${findingId} (its findings: ${report.findings
            .slice(0, 5)
            .map((f) => f.id)
            .join(', ')}${report.findings.length > 5 ? ', …' : ''})`,
    );
  if (finding.check === 'stateful')
    throw new ReplayError(
      `finding ${findingId} is stateful: it needs the objects its run created; run the same seed again (its curl lines show the request)`,
    );
  if (finding.request.body?.startsWith('[multipart:'))
    throw new ReplayError(
      `finding ${findingId} sent a multipart body, which the report does not keep; its curl lines say how to send it`,
    );
  const op = contract.operations.find((o) => o.operationId === finding.operationId);
  if (!op) throw new ReplayError(`the contract has no operation ${finding.operationId}`);
  const engine = new Engine({
    baseUrl: options.baseUrl ?? report.baseUrl,
    callers: [],
    contract,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  let session: Session = { caller: { name: finding.caller }, cookie: '' };
  if (finding.callerEmail) {
    const own =
      report.createdAccount?.email === finding.callerEmail ? report.createdAccount.password : undefined;
    const password = own ?? options.password;
    if (!password)
      throw new ReplayError(
        `finding ${findingId} was met by ${finding.caller} (${finding.callerEmail}): pass its password with --password (or CONFORMANCE_PASSWORD)`,
      );
    session = await engine.signIn({ name: finding.caller, email: finding.callerEmail, password });
  }
  const { method, url, body, headers } = finding.request;
  const r = await engine.send(method, url, session.cookie, headers ?? {}, body);
  const result = newResult(op);
  const find = engine.finder(result, op, session, finding.kind, finding.request, r);
  if (finding.check === 'method-not-allowed') {
    const allow = r.headers.get('allow');
    if (r.status !== 405)
      find('method-not-allowed', `${method} ${url} was answered ${String(r.status)}, not 405`);
    else if (allow === (finding.response?.headers.allow ?? null))
      find('method-not-allowed', `405 with Allow ${JSON.stringify(allow)} again`);
  } else {
    engine.checkAnswer(op, session, r, finding.request, finding.kind, result);
    if (finding.kind === 'negative' && r.status < 400)
      find('negative-refused', `a request the contract refuses was answered ${String(r.status)}`, r.status);
    if (finding.kind === 'auth' && r.status !== 401)
      find(
        'auth',
        `a session-only operation answered an anonymous caller ${String(r.status)} (expected 401)`,
      );
    if (finding.kind === 'positive') {
      checkAllowedCaller(op, session, r, find);
      checkNotMalformed(r, find);
    }
  }
  await engine.signOutQuietly(session);
  const again = result.findings.filter((f) => f.check === finding.check);
  const lines = [
    `Replaying ${finding.id} (${finding.check}, ${finding.kind} case of ${finding.operationId}) as ${finding.caller}: ${method} ${url}`,
    `was: ${finding.message}`,
    `answer now: HTTP ${String(r.status)} ${r.text.slice(0, 300)}`,
    again[0]
      ? `✗ reproduced: ${again[0].message}`
      : `✓ not reproduced: the ${finding.check} check passes on this answer`,
  ];
  return { finding, reproduced: again.length > 0, lines };
}
