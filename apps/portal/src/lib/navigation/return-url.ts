/**
 * ReturnUrl handling of the sign-in page (spec part 2): a redirect target is honoured only when it is a
 * same-origin relative path. Everything else (protocol-relative `//evil.com`, `/\evil`, absolute or scripted
 * URLs, and their percent-encoded variants) falls back to the dashboard.
 */
export const DEFAULT_RETURN_PATH = '/dashboard';

/** Placeholder origin used only to let the URL parser resolve the candidate path. */
const PROBE_ORIGIN = 'https://portal.invalid';

/** Decodes repeatedly (max 5 rounds) so double-encoded tricks like `%252F%252F` are seen in their final form. */
function fullyDecode(value: string): string | null {
  let current = value;
  for (let round = 0; round < 5; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

function isUnsafeForm(value: string): boolean {
  // Control characters and whitespace are stripped by URL parsers and can hide a scheme or a second slash.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return true;
  if (value.includes('\\')) return true;
  if (!value.startsWith('/')) return true;
  if (value.startsWith('//')) return true;
  return false;
}

/** The same-origin path `raw` resolves to, or null when it is not a safe relative path. */
function resolvePath(raw: string): string | null {
  const decoded = fullyDecode(raw);
  if (decoded === null) return null;
  if (isUnsafeForm(raw) || isUnsafeForm(decoded)) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (parsed.origin !== PROBE_ORIGIN) return null;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Returns `raw` when it is a same-origin relative path, otherwise {@link DEFAULT_RETURN_PATH}. */
export function safeReturnUrl(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw.length === 0) return DEFAULT_RETURN_PATH;
  const target = resolvePath(raw);
  // Dot segments collapse while parsing (`/.//evil`, `/a/..//evil` → `//evil`), so the result is checked again:
  // only a path that is itself safe and stays as it is (a fixed point) is returned, never a scheme-relative form.
  return target !== null && resolvePath(target) === target ? target : DEFAULT_RETURN_PATH;
}
