// The spec's generic helper (part 7), for calls made by hand rather than through a generated operation:
// GET with Accept JSON by default; an optional cache-busting query parameter; form-encoded by default, a JSON
// body with the JSON content type when data is supplied; resolves on status 200 with the parsed JSON and
// rejects otherwise (with the parsed body), on a network error and on timeout. Every response is checked for
// the logged-out header.
import {
  assertEnvelopeOk,
  assertNotRedirected,
  getSdkConfig,
  notifyIfLoggedOut,
  redirectModeFor,
  serviceBaseUrl,
  toSdkError,
  withTimeout,
} from './config';
import { HttpError, ResponseValidationError } from './errors';
import { urlSearchParamsBodySerializer } from './gen/client';
import type { ServiceName } from './operations.gen';

/** The query parameter that defeats HTTP caches, as jQuery's `cache: false` does. */
export const CACHE_BUST_PARAM = '_';

export type FormFields = Record<string, string | number | boolean | null | undefined> | URLSearchParams;

export interface CallApiOptions {
  /** @default 'GET' */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** A JSON body, sent with `Content-Type: application/json`. */
  data?: unknown;
  /** Form fields, sent form-encoded (the default encoding). Ignored when `data` is given. */
  form?: FormFields;
  /** Query parameters. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Adds `_=<timestamp>` so no cache answers. @default false */
  cacheBust?: boolean;
  signal?: AbortSignal;
  /** @default the configured timeoutMs */
  timeoutMs?: number;
  /** Which server the path belongs to. @default 'portal' */
  service?: ServiceName;
  headers?: Record<string, string>;
}

/** Form fields and query parameters as the generated form operations serialize them (null and undefined left out). */
function serialize(fields: FormFields): string {
  return fields instanceof URLSearchParams
    ? fields.toString()
    : urlSearchParamsBodySerializer.bodySerializer(fields);
}

function buildUrl(path: string, options: CallApiOptions): string {
  const base = serviceBaseUrl(options.service ?? 'portal').replace(/\/$/, '');
  const query = new URLSearchParams(serialize(options.query ?? {}));
  if (options.cacheBust) query.set(CACHE_BUST_PARAM, String(Date.now()));
  const search = query.toString();
  const separator = path.includes('?') ? '&' : '?';
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search ? separator + search : ''}`;
}

/** Calls `path` with the generic helper's semantics and returns the parsed JSON of a 200 answer. */
export async function callApi<T = unknown>(path: string, options: CallApiOptions = {}): Promise<T> {
  const config = getSdkConfig();
  const method = options.method ?? 'GET';
  const service = options.service ?? 'portal';
  const operation = `${method} ${path}`;
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;
  const { signal, timeoutSignal } = withTimeout(options.signal, timeoutMs);
  const headers = new Headers({ Accept: 'application/json', ...config.headers, ...options.headers });
  let body: string | undefined;
  if (options.data !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.data);
  } else if (method !== 'GET') {
    headers.set('Content-Type', 'application/x-www-form-urlencoded; charset=UTF-8');
    body = options.form ? serialize(options.form) : '';
  }
  const state = { operation, timeoutMs, timeoutSignal, callerSignal: options.signal ?? null };

  let response: Response;
  try {
    response = await (config.fetch ?? globalThis.fetch)(buildUrl(path, options), {
      method,
      headers,
      body,
      signal,
      credentials: config.credentials,
      redirect: redirectModeFor(service),
    });
  } catch (error) {
    throw toSdkError(error, { operation, state });
  }
  notifyIfLoggedOut(response, operation);
  assertNotRedirected(response, operation);

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw toSdkError(error, { operation, response, state });
  }
  let parsed: unknown = text;
  let isJson = false;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
    isJson = true;
  } catch {
    // not JSON: kept as text
  }

  if (response.status !== 200) {
    throw new HttpError(response.status, {
      operation,
      body: parsed,
      location: response.headers.get('Location'),
    });
  }
  if (!isJson) {
    throw new ResponseValidationError([{ message: 'The response body is not valid JSON' }], {
      operation,
      body: text,
    });
  }
  assertEnvelopeOk(parsed, operation);
  return parsed as T;
}
