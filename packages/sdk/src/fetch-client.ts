// The fetch client behind every generated call, in place of hey-api's bundled client-fetch (generation points
// src/gen/client.gen.ts here: scripts/lean-client.ts). It keeps that client's interface (`Client`: get/post/...,
// sse, interceptors, getConfig/setConfig, buildUrl) and its request semantics — merge config and call options,
// serialize the body, build the URL, run the request/response/error interceptors, parse by Content-Type, throw or
// return — for what this contract uses: path parameters as simple strings, query parameters as form (arrays
// repeated), JSON, form-encoded and multipart bodies. What it leaves out is weight every call would carry: the
// server-sent-events client lives in src/streams.ts, which only the stream operations import (`client.sse` itself
// rejects and names it), and `auth` tokens are not supported (the API's session is an httpOnly cookie the browser
// or the caller's headers send).
import type {
  Client,
  ClientOptions,
  Config,
  RequestOptions,
  ResolvedRequestOptions,
} from './gen/client/types.gen';
import { jsonBodySerializer } from './gen/core/bodySerializer.gen';
import type { HttpMethod } from './gen/core/types.gen';

type Interceptor = (...args: never[]) => unknown;

/** hey-api's interceptor list (the same methods: use, eject, update, exists, clear). */
class Interceptors<F extends Interceptor> {
  fns: (F | null)[] = [];
  clear(): void {
    this.fns = [];
  }
  getInterceptorIndex(id: number | F): number {
    return typeof id === 'number' ? (this.fns[id] ? id : -1) : this.fns.indexOf(id);
  }
  exists(id: number | F): boolean {
    return Boolean(this.fns[this.getInterceptorIndex(id)]);
  }
  eject(id: number | F): void {
    this.fns[this.getInterceptorIndex(id)] &&= null;
  }
  update(id: number | F, fn: F): number | F | false {
    const index = this.getInterceptorIndex(id);
    if (!this.fns[index]) return false;
    this.fns[index] = fn;
    return id;
  }
  use(fn: F): number {
    return this.fns.push(fn) - 1;
  }
}

type HeadersInput = Config['headers'];

/** A header, query or path value as text (an object as JSON). Never undefined: callers leave those out. */
function asText(value: unknown): string {
  if (typeof value === 'object') return JSON.stringify(value);
  const scalar = value as string | number | boolean | bigint;
  return String(scalar);
}

/** Headers merged left to right: null removes a header, an array appends each value, an object is JSON. */
export function mergeHeaders(...all: HeadersInput[]): Headers {
  const merged = new Headers();
  for (const headers of all) {
    if (!headers) continue;
    const entries: [string, unknown][] =
      headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
    for (const [key, value] of entries) {
      if (value === null) merged.delete(key);
      else if (Array.isArray(value)) for (const item of value as unknown[]) merged.append(key, asText(item));
      else if (value !== undefined) merged.set(key, asText(value));
    }
  }
  return merged;
}

/** Query parameters as the contract declares them: form style, arrays exploded; null and undefined left out. */
function serializeQuery(query: Record<string, unknown>): string {
  const search: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value])
      search.push(`${name}=${encodeURIComponent(asText(item))}`);
  }
  return search.join('&');
}

/** The request URL: base, path template with its parameters (simple style), query. */
function buildUrl(options: {
  baseUrl?: unknown;
  url: string;
  path?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  querySerializer?: unknown;
}): string {
  const path = options.path ?? {};
  const url =
    ((options.baseUrl as string | undefined) ?? '') +
    (options.url.startsWith('/') ? options.url : `/${options.url}`).replace(
      /\{([^{}]+)\}/g,
      (match, name) => {
        const value = path[name as string];
        return value === undefined || value === null ? match : encodeURIComponent(asText(value));
      },
    );
  const serialize =
    typeof options.querySerializer === 'function'
      ? (options.querySerializer as (query: Record<string, unknown>) => string)
      : serializeQuery;
  const search = options.query ? serialize(options.query).replace(/^\?/, '') : '';
  return search ? `${url}?${search}` : url;
}

/** How a body is read, from its Content-Type (hey-api's rule; regular expressions weigh less in every app). */
function parseAsFor(contentType: string | null): NonNullable<Config['parseAs']> | undefined {
  if (!contentType) return 'stream';
  const type = contentType.split(';')[0]?.trim() ?? '';
  if (/^application\/json|\+json$/.test(type)) return 'json';
  if (type === 'multipart/form-data') return 'formData';
  if (/^(application|audio|image|video)\//.test(type)) return 'blob';
  if (type.startsWith('text/')) return 'text';
  return undefined;
}

/** The client's defaults (hey-api's): JSON bodies, parse by Content-Type. */
export function createConfig<T extends ClientOptions = ClientOptions>(
  override: Config<Omit<ClientOptions, keyof T> & T> = {},
): Config<Omit<ClientOptions, keyof T> & T> {
  return {
    ...jsonBodySerializer,
    headers: { 'Content-Type': 'application/json' },
    parseAs: 'auto',
    ...override,
  };
}

function mergeConfigs(a: Config, b: Config): Config {
  const config = { ...a, ...b };
  if (config.baseUrl?.endsWith('/')) config.baseUrl = config.baseUrl.slice(0, -1);
  config.headers = mergeHeaders(a.headers, b.headers);
  return config;
}

type Options = RequestOptions & { serializedBody?: unknown };
type Resolved = ResolvedRequestOptions & { fetch: typeof fetch };
type RequestInterceptor = (request: Request, options: ResolvedRequestOptions) => Request | Promise<Request>;
type ResponseInterceptor = (
  response: Response,
  request: Request,
  options: ResolvedRequestOptions,
) => Response | Promise<Response>;
type ErrorInterceptor = (
  error: unknown,
  response: Response | undefined,
  request: Request | undefined,
  options: ResolvedRequestOptions,
) => unknown;

/** The body fetch is given: the serialized body, null for an empty one, the body itself when not serialized. */
function requestBody(options: Resolved): RequestInit['body'] {
  if (options.body === undefined) return undefined;
  if (!options.bodySerializer) return options.body as RequestInit['body'];
  return options.serializedBody === undefined || options.serializedBody === ''
    ? null
    : (options.serializedBody as RequestInit['body']);
}

export function createClient(initial: Config = {}): Client {
  let config = mergeConfigs(createConfig(), initial);
  const interceptors = {
    request: new Interceptors<RequestInterceptor>(),
    response: new Interceptors<ResponseInterceptor>(),
    error: new Interceptors<ErrorInterceptor>(),
  };

  const beforeRequest = async (options: Options) => {
    const opts = {
      ...config,
      ...options,
      fetch: options.fetch ?? config.fetch ?? globalThis.fetch,
      headers: mergeHeaders(config.headers, options.headers),
      serializedBody: undefined,
    } as Resolved;
    if (opts.requestValidator) await opts.requestValidator(opts);
    if (opts.body !== undefined && opts.bodySerializer)
      opts.serializedBody = opts.bodySerializer(opts.body) as string | undefined;
    // No body, no Content-Type (multipart sets its own boundary through fetch).
    if (opts.body === undefined || opts.serializedBody === '') opts.headers.delete('Content-Type');
    return { opts, url: buildUrl(opts) };
  };

  const intercept = async (request: Request, opts: Resolved) => {
    let next = request;
    for (const fn of interceptors.request.fns) if (fn) next = await fn(next, opts);
    return next;
  };

  const request = async (options: Options): Promise<unknown> => {
    const throwOnError = options.throwOnError ?? config.throwOnError;
    const responseStyle = options.responseStyle ?? config.responseStyle;
    let request: Request | undefined;
    let response: Response | undefined;
    try {
      const { opts, url } = await beforeRequest(options);
      request = await intercept(
        new Request(url, {
          redirect: 'follow',
          ...(opts as RequestInit),
          headers: opts.headers,
          body: requestBody(opts),
        }),
        opts,
      );
      // Called unbound: a browser's fetch called as a method of another object throws "Illegal invocation".
      const fetchUnbound = opts.fetch;
      response = await fetchUnbound(request);
      for (const fn of interceptors.response.fns) if (fn) response = await fn(response, request, opts);
      const result = { request, response };
      if (response.ok) {
        const parseAs =
          (opts.parseAs === 'auto' ? parseAsFor(response.headers.get('Content-Type')) : opts.parseAs) ??
          'json';
        let data: unknown;
        if (response.status === 204 || response.headers.get('Content-Length') === '0') {
          data =
            parseAs === 'json' || parseAs === 'auto'
              ? {}
              : parseAs === 'formData'
                ? new FormData()
                : parseAs === 'stream'
                  ? response.body
                  : await response[parseAs]();
        } else if (parseAs === 'stream') {
          data = response.body;
        } else if (parseAs === 'json' || parseAs === 'auto') {
          // Some servers answer 200 with an empty body and no Content-Length.
          const text = await response.text();
          data = text ? JSON.parse(text) : {};
          if (opts.responseValidator) await opts.responseValidator(data);
          if (opts.responseTransformer) data = await opts.responseTransformer(data);
        } else {
          data = await response[parseAs]();
        }
        return responseStyle === 'data' ? data : { data, ...result };
      }
      const text = await response.text();
      let error: unknown = text;
      try {
        error = JSON.parse(text);
      } catch {
        // not JSON: the text is the error
      }
      throw error;
    } catch (caught) {
      let error = caught;
      for (const fn of interceptors.error.fns)
        if (fn) error = await fn(error, response, request, options as ResolvedRequestOptions);
      error ||= {};
      if (throwOnError) throw error;
      return responseStyle === 'data' ? undefined : { error, request, response };
    }
  };

  const methods = ['connect', 'delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace'] as const;
  const byMethod = <F>(make: (method: Uppercase<HttpMethod>) => F) =>
    Object.fromEntries(
      methods.map((method) => [method, make(method.toUpperCase() as Uppercase<HttpMethod>)]),
    );

  const client = {
    ...byMethod((method) => (options: Options) => request({ ...options, method })),
    sse: byMethod(() => () => Promise.reject(new Error(STREAMS_MESSAGE))),
    buildUrl: (options: Options) => buildUrl({ ...config, ...options }),
    getConfig: () => ({ ...config }),
    setConfig: (next: Config) => {
      config = mergeConfigs(config, next);
      return { ...config };
    },
    interceptors,
    request,
  } as unknown as Client;
  internals.set(client, { beforeRequest, intercept, requestBody, byMethod });
  return client;
}

/** What `client.sse` answers: stream calls go through the generated operations, which bring the stream client. */
export const STREAMS_MESSAGE =
  "client.sse does not come with the client: call the generated stream operation (e.g. streamReportEvents), or streams(client) from '@assessment/sdk'";

export interface ClientInternals {
  beforeRequest: (options: Options) => Promise<{ opts: Resolved; url: string }>;
  intercept: (request: Request, opts: Resolved) => Promise<Request>;
  requestBody: (options: Resolved) => RequestInit['body'];
  byMethod: <F>(make: (method: Uppercase<HttpMethod>) => F) => Record<string, F>;
}

const internals = new WeakMap<object, ClientInternals>();

/** The request steps of a client made here (for the stream client); undefined for any other client. */
export function internalsOf(client: object): ClientInternals | undefined {
  return internals.get(client);
}
