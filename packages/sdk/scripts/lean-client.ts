// Part of generation (run by `generate` after split-modules): every generated call goes through `client`
// (src/gen/client.gen.ts), which hey-api creates with its bundled client-fetch (src/gen/client/). That client
// carries, in every app, a server-sent-events client and serializers for parameter styles this contract never uses
// (~3.4 KB gz of one call's ~5.5). This step points `client` at the runtime's own fetch client (src/fetch-client.ts:
// the same interface and request semantics for what the contract uses, the stream client loaded on demand). The
// bundled client's types stay in use; its code is then imported by nothing a call needs. The stream operations
// call `streams(client)` (src/streams.ts) instead of `client.sse`, so only they carry the stream client.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = fileURLToPath(new URL('../src/gen/client.gen.ts', import.meta.url));
const GENERATED =
  "import { type Client, type ClientOptions, type Config, createClient, createConfig } from './client';";
const LEAN = `import type { Client, ClientOptions, Config } from './client';
import { createClient, createConfig } from '../fetch-client';`;

const source = readFileSync(FILE, 'utf8');
if (!source.includes(GENERATED))
  throw new Error(
    `lean-client: client.gen.ts no longer imports as expected (run openapi-ts first): ${GENERATED}`,
  );
writeFileSync(FILE, source.replace(GENERATED, LEAN));

// The client's result type when a call does not throw (`throwOnError: false`): hey-api types `error` as the
// response body, but the runtime's error interceptor (src/config.ts, toSdkError) turns every failure into an SdkError.
// `error` is typed as that: the operation's declared error responses as HttpError by status, or another SdkError.
const TYPES = fileURLToPath(new URL('../src/gen/client/types.gen.ts', import.meta.url));
const ERROR_FIELD = 'error: TError extends Record<string, unknown> ? TError[keyof TError] : TError;';
const TYPES_IMPORT = "import type { SdkErrorFrom } from '../../errors';\n";
const types = readFileSync(TYPES, 'utf8');
if (types.split(ERROR_FIELD).length !== 2)
  throw new Error(
    `lean-client: client/types.gen.ts no longer types the error once as expected: ${ERROR_FIELD}`,
  );
const firstImport = types.indexOf('\nimport ');
writeFileSync(
  TYPES,
  `${types.slice(0, firstImport + 1)}${TYPES_IMPORT}${types.slice(firstImport + 1).replace(ERROR_FIELD, 'error: SdkErrorFrom<TError>;')}`,
);

const SDK = fileURLToPath(new URL('../src/gen/split/sdk/', import.meta.url));
const SSE_CALL = /\((options\??\.client \?\? client)\)\.sse\./g;
const STREAMS_IMPORT = "import { streams } from '../../../streams';";
let streamOperations = 0;
for (const file of readdirSync(SDK)) {
  const text = readFileSync(path.join(SDK, file), 'utf8');
  if (!SSE_CALL.test(text)) continue;
  SSE_CALL.lastIndex = 0;
  const importsEnd = text.lastIndexOf('\nimport ');
  const lineEnd = text.indexOf('\n', importsEnd + 1);
  writeFileSync(
    path.join(SDK, file),
    `${text.slice(0, lineEnd + 1)}${STREAMS_IMPORT}\n${text.slice(lineEnd + 1).replace(SSE_CALL, 'streams($1).')}`,
  );
  streamOperations += 1;
}
console.log(
  `lean-client: client.gen.ts creates the client with src/fetch-client.ts; ${streamOperations} stream operation(s) call streams(client); RequestResult's error is an SdkError`,
);
