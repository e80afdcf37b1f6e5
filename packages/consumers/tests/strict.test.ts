// Every strict setting a team may type-check with, on the packages installed by name: TypeScript 5.9, 6 and 7
// (7 is the native compiler; only hey-api's generator cannot run on it, a consumer only type-checks), each with
// `moduleResolution` nodenext and bundler, under strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess and
// verbatimModuleSyntax, with no skipLibCheck: the query options with useQuery, useSuspenseQuery, prefetchQuery,
// ensureQueryData and fetchQuery, the errors typed per operation, and the kit's stylesheet imported without a
// bundler's types (TypeScript 6 and 7 check that a side-effect import resolves).
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run, writeProject } from './process.ts';

const { consumerRoot } = inject('consumers');

/** Each TypeScript under test: its package in the consumer root (installed by tests/global-setup.ts). */
const COMPILERS = [
  { version: '5.9.3', folder: 'typescript-5.9' },
  { version: '6.0.3', folder: 'typescript' },
  { version: '7.0.2', folder: 'typescript-7' },
];

const RESOLUTIONS = [
  { name: 'nodenext', compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } },
  { name: 'bundler', compilerOptions: { module: 'preserve', moduleResolution: 'bundler' } },
];

const STRICTEST = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  noImplicitOverride: true,
  noPropertyAccessFromIndexSignature: true,
  noFallthroughCasesInSwitch: true,
  isolatedModules: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'ES2023',
  lib: ['ES2023', 'DOM'],
  types: ['node'],
};

const PROGRAM = `import '@assessment/ui/styles.css';
import { getProject, HttpError, isHttpError, type SdkErrorOf } from '@assessment/sdk';
import { createProjectMutation, getProjectOptions, listProjectsOptions } from '@assessment/sdk/query';
import { QueryClient, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';

const queryClient = new QueryClient();

export async function warm(id: number): Promise<string> {
  await queryClient.prefetchQuery(getProjectOptions({ path: { id } }));
  const project = await queryClient.ensureQueryData(getProjectOptions({ path: { id } }));
  const list = await queryClient.fetchQuery(listProjectsOptions({ query: { PageSize: 10 } }));
  // noUncheckedIndexedAccess: an item of the page may be missing.
  const first = list.Items[0];
  return \`\${project.Name} \${first?.Name ?? ''}\`;
}

export function useProject(id: number): string | undefined {
  const project = useQuery(getProjectOptions({ path: { id } }));
  const projects = useSuspenseQuery(listProjectsOptions());
  const creation = useMutation(createProjectMutation());
  const error: SdkErrorOf<'getProject'> | null = project.error;
  if (error instanceof HttpError) {
    // @ts-expect-error getProject declares no 418: an undeclared status does not compile
    if (error.status === 418) return 'teapot';
    if (error.status === 404) return error.body.ResourceKey ?? undefined;
  }
  if (creation.error?.name === 'NetworkError') return creation.error.message;
  return \`\${project.data?.Name ?? ''} of \${String(projects.data.TotalCount)}\`;
}

export async function nameOf(id: number): Promise<string | null> {
  try {
    const { data } = await getProject({ path: { id } });
    return data.Name;
  } catch (error) {
    if (isHttpError(error, 'getProject') && error.status === 401) return null;
    throw error;
  }
}
`;

describe('strict consumer settings, on the packages installed by name', () => {
  for (const compiler of COMPILERS) {
    for (const resolution of RESOLUTIONS) {
      it(`TypeScript ${compiler.version}, ${resolution.name}: query options, typed errors and the kit's stylesheet type-check`, async () => {
        const dir = path.join(consumerRoot, `strict-ts${compiler.version}-${resolution.name}`);
        writeProject(dir, {
          'package.json': { name: `strict-${resolution.name}`, private: true, type: 'module' },
          'tsconfig.json': {
            compilerOptions: { ...STRICTEST, ...resolution.compilerOptions },
            include: ['main.ts'],
          },
          'main.ts': PROGRAM,
        });
        const tsc = path.join(consumerRoot, 'node_modules', compiler.folder, 'bin/tsc');
        expect(await run(process.execPath, [tsc, '--version'], { cwd: dir })).toContain(compiler.version);
        await run(process.execPath, [tsc, '-p', '.'], { cwd: dir });
      });
    }
  }
});
