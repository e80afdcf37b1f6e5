// A finding on its own: the answer that met the check (status, headers, body excerpt) and shell lines that show it
// without the generator — a sign-in as the finding's caller (the password from CONFORMANCE_PASSWORD, or the run's
// own throw-away account's), then the request as it was sent.
import type { Finding, Sent, Session } from './types.ts';

/** How much of an answer's body a finding keeps. */
export const BODY_EXCERPT = 2000;

/** Answer headers a finding leaves out (set per answer, noise in a report). */
const NOISE = new Set(['date', 'content-security-policy', 'connection', 'keep-alive']);

export function answerOf(r: Sent): NonNullable<Finding['response']> {
  const headers: Record<string, string> = {};
  r.headers.forEach((value, name) => {
    if (!NOISE.has(name)) headers[name] = value;
  });
  return { status: r.status, headers, body: r.text.slice(0, BODY_EXCERPT) };
}

/** A word for a POSIX shell, in single quotes. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function curlLines(baseUrl: string, request: Finding['request'], session: Session): string {
  const lines = [`BASE=${shellQuote(baseUrl)}`];
  const signedIn = session.caller.email !== undefined;
  if (signedIn) {
    const email = session.caller.email ?? '';
    // The run's own account: its password is the run's (a throw-away test account); any other comes from the
    // environment, never from the report.
    const password = session.created ? shellQuote(session.caller.password ?? '') : '"$CONFORMANCE_PASSWORD"';
    lines.push(
      `# sign in as ${session.caller.name} (${email})`,
      `curl -sS -o /dev/null -c conformance.cookies -H 'content-type: application/json' \\`,
      `  --data "$(printf '{"email":"%s","password":"%s"}' ${shellQuote(email)} ${password})" "$BASE/api/auth/signin"`,
    );
  }
  const parts = [`curl -sS -i -X ${request.method}`];
  if (signedIn) parts.push('-b conformance.cookies');
  for (const [name, value] of Object.entries(request.headers ?? {}))
    if (!(name === 'content-type' && value.startsWith('multipart/')))
      parts.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  const multipart = request.body?.startsWith('[multipart:') ?? false;
  if (multipart)
    lines.push(`# ${request.body ?? ''}: send each field with -F name=value (a file with -F name=@path)`);
  else if (request.body !== undefined) parts.push(`--data-binary ${shellQuote(request.body)}`);
  parts.push(`"$BASE"${shellQuote(request.url)}`);
  lines.push(`# the request (${signedIn ? session.caller.name : 'anonymous'})`, parts.join(' '));
  return lines.join('\n');
}
