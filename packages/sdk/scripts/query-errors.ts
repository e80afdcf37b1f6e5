// Part of generation (run by `generate` after openapi-ts, before split-modules): hey-api's TanStack Query plugin
// types each option's `error` as the operation's error *body* (`ListProjectsError`, the envelope), and has no
// option to change it. The generated calls never throw a body: the runtime's error interceptor (src/config.ts,
// toSdkError) turns every failure into an SdkError subclass (HttpError, EnvelopeError, NetworkError, ...), the
// body on `error.body`. This step types the options' `error` as what is thrown: `SdkErrorOf<'<operationId>'>`
// from the runtime (the operation's declared error responses as HttpError by status, or another SdkError).
//
// It also points the options at src/query-options.ts's `queryOptions` (TanStack's, typed by a named alias), so the
// published .d.ts name the options' type instead of writing it out as the build's settings read it, which an app
// with `exactOptionalPropertyTypes` refused (see that file).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FILE = fileURLToPath(new URL('../src/gen/@tanstack/react-query.gen.ts', import.meta.url));
const IMPORT = "import type { SdkErrorOf } from '../../errors';\n";

const source = readFileSync(FILE, 'utf8');
if (source.includes(IMPORT))
  throw new Error('react-query.gen.ts already uses SdkErrorOf: run openapi-ts first');

// The operations' error types, as the plugin imports them from types.gen.
const typesImport = /^import type \{([^}]*)\} from '\.\.\/types\.gen';$/m.exec(source);
if (!typesImport)
  throw new Error("query-errors: no `import type { ... } from '../types.gen'` in react-query.gen.ts");
const errorTypes = (typesImport[1] ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => /^[A-Z]\w*Error$/.test(name));
if (errorTypes.length === 0) throw new Error('query-errors: no operation error types imported');

// Each is used only as the error type argument of queryOptions / infiniteQueryOptions / UseMutationOptions.
const body = source.slice(typesImport.index + typesImport[0].length);
const uses = new RegExp(`\\b(?:${errorTypes.join('|')})\\b`, 'g');
// hey-api names an operation's types by its operationId with the first letter upper-cased: GetProjectError.
const operationIdOf = (errorType: string) =>
  `${errorType.charAt(0).toLowerCase()}${errorType.slice(1, -'Error'.length)}`;
let count = 0;
const replaced = body.replace(uses, (errorType) => {
  count++;
  return `SdkErrorOf<'${operationIdOf(errorType)}'>`;
});
const remaining = (typesImport[1] ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter((name) => name !== '' && !errorTypes.includes(name));
// `import { queryOptions, type UseMutationOptions } from '@tanstack/react-query'`: queryOptions from ours instead.
const TANSTACK_IMPORT = /^import \{([^}]*)\} from '@tanstack\/react-query';$/m;
const tanstackImport = TANSTACK_IMPORT.exec(source);
const tanstackNames = (tanstackImport?.[1] ?? '').split(',').map((name) => name.trim());
if (!tanstackImport || !tanstackNames.includes('queryOptions'))
  throw new Error(
    "query-errors: no `import { queryOptions, ... } from '@tanstack/react-query'` in react-query.gen.ts",
  );
const otherNames = tanstackNames.filter((name) => name !== '' && name !== 'queryOptions');
const ownQueryOptions = `${
  otherNames.length > 0 ? `import { ${otherNames.join(', ')} } from '@tanstack/react-query';\n` : ''
}import { queryOptions } from '../../query-options';`;
const head = source.slice(0, typesImport.index).replace(TANSTACK_IMPORT, ownQueryOptions);
if (tanstackImport.index > typesImport.index)
  throw new Error('query-errors: the TanStack import is expected before the types import');
writeFileSync(
  FILE,
  `${head}${IMPORT}import type { ${remaining.join(', ')} } from '../types.gen';${replaced}`,
);
console.log(
  `query-errors: ${String(count)} error types of TanStack Query options → SdkErrorOf<operationId>; queryOptions from src/query-options.ts`,
);
