// The request runner: one HTTP exchange with the server under test, and the encodings of a request's body. No check
// lives here: an answer is read (status, headers, content type, parsed JSON) and handed to the checks.
import type { Json } from './contract.ts';
import type { BuiltRequest, Sent } from './types.ts';

export type { BuiltRequest, Sent };

export const INVALID_JSON = Symbol('invalid-json');

/** A built request as a finding records it (method, URL, body text, headers; the cookie is the session's). */
export function requestOf(req: BuiltRequest): {
  method: string;
  url: string;
  body?: string;
  headers: Record<string, string>;
} {
  return {
    method: req.op.method,
    url: req.url,
    ...(req.bodyText !== undefined ? { body: req.bodyText } : {}),
    headers: { ...req.headers },
  };
}

/** Sends one request; never throws (a transport failure is status 0). */
export async function exchange(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  timeoutMs: number,
): Promise<Sent> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: body ?? null,
      redirect: 'manual',
      signal: controller.signal,
    });
    const contentType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    let text = '';
    if (contentType === 'text/event-stream') {
      // The stream stays open: its status and type are checked, its events are not awaited.
      await res.body?.cancel();
    } else text = await res.text();
    let parsed: unknown = undefined;
    if (isJson(contentType) && text) {
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        parsed = INVALID_JSON;
      }
    }
    return { status: res.status, headers: res.headers, contentType, body: parsed, text };
  } catch (error) {
    return { status: 0, headers: new Headers(), contentType: '', body: undefined, text: String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A 2xx answer that is not an envelope refusal (StatusCode other than 200). */
export function isAccepted(r: Sent): boolean {
  const code = (r.body as Json | null | undefined)?.StatusCode;
  return r.status >= 200 && r.status < 300 && (code === undefined || code === 200);
}

/** A 2xx answer whose envelope, if any, says success too (StatusCode 2xx: a 201 may carry StatusCode 201). */
export function carriedOut(r: Sent): boolean {
  const code = (r.body as Json | null | undefined)?.StatusCode;
  return r.status >= 200 && r.status < 300 && (typeof code !== 'number' || (code >= 200 && code < 300));
}

/** The envelope's Data of an answer (null when none). */
export function dataOf(r: Sent): Json | null {
  const body = r.body as Json | null | undefined;
  const data = body && typeof body === 'object' ? body.Data : undefined;
  return data && typeof data === 'object' ? (data as Json) : null;
}

export function encodeBody(req: BuiltRequest, mediaType: string, body: unknown): void {
  if (mediaType === 'application/json') {
    req.headers['content-type'] = 'application/json';
    req.bodyText = JSON.stringify(body);
    req.bodyInit = req.bodyText;
  } else if (mediaType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    if (body !== null && typeof body === 'object' && !Array.isArray(body))
      for (const [k, v] of Object.entries(body as Json)) {
        if (Array.isArray(v)) for (const x of v) form.append(k, scalar(x));
        else if (v !== null && v !== undefined) form.append(k, scalar(v));
      }
    else form.append('value', scalar(body));
    req.headers['content-type'] = mediaType;
    req.bodyText = form.toString();
    req.bodyInit = req.bodyText;
  } else if (mediaType.startsWith('multipart/')) {
    const form = new FormData();
    if (body !== null && typeof body === 'object')
      for (const [k, v] of Object.entries(body as Json)) {
        if (v === null || v === undefined) continue;
        if (v instanceof File) form.append(k, v, v.name);
        else if (typeof v === 'string' && k.toLowerCase().includes('file'))
          form.append(k, new Blob(['conformance'], { type: 'application/octet-stream' }), 'conformance.bin');
        else form.append(k, scalar(v));
      }
    req.bodyText = `[multipart: ${Object.keys(body ?? {}).join(', ')}]`;
    req.bodyInit = form;
  } else {
    req.headers['content-type'] = mediaType;
    req.bodyText = scalar(body);
    req.bodyInit = req.bodyText;
  }
}

/** Whether an answer clears one of the session's cookies (empty value, Max-Age=0 or an expiry in the past). */
export function clearsSession(r: Sent, cookie: string): boolean {
  const names = new Set(cookie.split(';').map((c) => c.split('=')[0]?.trim()));
  return r.headers.getSetCookie().some((c) => {
    const [pair = '', ...attrs] = c.split(';');
    const [name = '', value = ''] = pair.split('=');
    if (!names.has(name.trim())) return false;
    const expires = attrs.find((a) => /^\s*expires=/i.test(a))?.split('=')[1];
    return (
      value.trim() === '' ||
      attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
      (expires !== undefined && Date.parse(expires) < Date.now())
    );
  });
}

export function scalar(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  // Objects as JSON; numbers and booleans print the same either way.
  return JSON.stringify(v);
}

export function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}
