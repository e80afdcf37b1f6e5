// Generates the other generators' clients from the per-service documents of openapi/dist into .generated/
// (git-ignored; the tests run this and type-check the result):
//   openapi-typescript/<service>.ts  types for openapi-fetch
//   orval/<service>.ts               orval's fetch client (base URL from the document's servers)
//   orval-zod/<service>.ts           orval's zod schemas
//   consumer.ts                      an openapi-fetch client per service, typed by the generated paths
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SERVICES = ['portal', 'upload', 'support'] as const;
export const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
export const OUT = `${PACKAGE}.generated/`;
export const DIST = fileURLToPath(new URL('../../../openapi/dist/', import.meta.url));
const bin = (name: string) => `${PACKAGE}node_modules/.bin/${name}`;

export function generate(): void {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(`${OUT}openapi-typescript`, { recursive: true });
  for (const service of SERVICES) {
    execFileSync(
      bin('openapi-typescript'),
      [`${DIST}${service}.json`, '--output', `${OUT}openapi-typescript/${service}.ts`],
      { cwd: PACKAGE, stdio: 'pipe' },
    );
  }
  execFileSync(bin('orval'), ['--config', 'orval.config.ts'], {
    cwd: PACKAGE,
    stdio: 'pipe',
    env: { ...process.env, PORTABILITY_OUT: '.generated' },
  });
  writeFileSync(
    `${OUT}consumer.ts`,
    [
      `import createClient from 'openapi-fetch';`,
      ...SERVICES.map((s) => `import type { paths as ${s}Paths } from './openapi-typescript/${s}';`),
      '',
      "/** One openapi-fetch client per service document, based at that document's one server. */",
      'export function clients(baseUrls: Record<' +
        SERVICES.map((s) => `'${s}'`).join(' | ') +
        ', string>, fetch?: typeof globalThis.fetch) {',
      '  return {',
      ...SERVICES.map(
        (s) => `    ${s}: createClient<${s}Paths>({ baseUrl: baseUrls.${s}, ...(fetch ? { fetch } : {}) }),`,
      ),
      '  };',
      '}',
      '',
    ].join('\n'),
  );
  // Type-level checks of how openapi-typescript reads the shapes other tools used to misread (compiled with the rest).
  writeFileSync(`${OUT}checks.ts`, CHECKS);
  writeFileSync(
    `${OUT}tsconfig.json`,
    `${JSON.stringify(
      {
        extends: '../../../tsconfig.base.json',
        compilerOptions: { types: [], lib: ['ES2023', 'DOM', 'DOM.Iterable'], noEmit: true },
        include: ['**/*.ts'],
      },
      null,
      2,
    )}\n`,
  );
}

const CHECKS = `import type { components, paths } from './openapi-typescript/portal';

// The report event stream's body is a string in the event-stream grammar (not one ReportStatus).
type Stream =
  paths['/api/opticalprime/{projectId}/reports/events/{reportId}']['get']['responses'][200]['content']['text/event-stream'];
export const stream: Stream = 'event: report-status\\ndata: {}\\n\\n';

// The nullable enum: its values and null, nothing else.
type Pending = components['schemas']['PendingTerms'];
export const pending: Pending[] = ['EULANeeded', 'PartnerTCNeeded', null];
// @ts-expect-error -- not a value of PendingTerms
export const wrongPending: Pending = 'Other';

// The modal call's query values are named parameters (no free-form object).
type ModalQuery = NonNullable<paths['/modal/{name}']['get']['parameters']['query']>;
export const modalQuery: ModalQuery = { projectId: 1402, modalsize: 'large', 'modal-clear': true };
// @ts-expect-error -- the old free-form object parameter is gone
export const oldModalQuery: ModalQuery = { query: { projectId: '1402' } };
`;

/** Type-checks everything generated (strict, as the workspace); throws with tsc's output when it fails. */
export function typecheck(): void {
  execFileSync(bin('tsc'), ['-p', `${OUT}tsconfig.json`], { cwd: PACKAGE, stdio: 'pipe' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  generate();
  typecheck();
}
