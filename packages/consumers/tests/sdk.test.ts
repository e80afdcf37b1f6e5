// A new internal tool's first use of the published SDK, once per mainstream setup: each throw-away project
// type-checks strictly (TypeScript 6, no skipLibCheck) and then signs in to the demo API and lists projects.
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run, writeProject } from './process.ts';

const { consumerRoot, apiUrl } = inject('consumers');
const bin = (name: string) => path.join(consumerRoot, 'node_modules/.bin', name);
/** Strings only zod's code contains (its base type, its error class, its default issue message). */
const ZOD_MARKERS = ['$ZodType', '$ZodError', 'Invalid input'];

/** The same program in every setup: all three entry points, a typed call, typed errors, a cookie session. */
const PROGRAM = `import { configureSdk, HttpError, listProjects, signIn, type ProjectSummary } from '@assessment/sdk';
import { listProjectsQueryKey } from '@assessment/sdk/query';
import type { RouteHandlers } from '@assessment/sdk/fastify';

type ListProjectsHandler = RouteHandlers['listProjects'];

async function main(baseUrl: string): Promise<void> {
  configureSdk({ baseUrl });
  // A server-side tool has no browser cookie jar: it sends the session cookie from the sign-in itself.
  const { response } = await signIn({ body: { email: 'admin@dell.example', password: 'Demo-Portal-2026' } });
  const cookie = response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  configureSdk({ baseUrl, headers: { cookie } });
  const { data } = await listProjects();
  const names: string[] = data.Items.map((project: ProjectSummary) => project.Name);
  let status = 0;
  try {
    await listProjects({ headers: { cookie: 'invalid' } });
  } catch (error) {
    if (error instanceof HttpError) status = error.status;
  }
  const handler: ListProjectsHandler | undefined = undefined;
  console.log(JSON.stringify({ total: data.TotalCount, names, queryKey: listProjectsQueryKey()[0]?._id, status, handler }));
}

main(process.argv[2] ?? '').catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
`;

const STRICT = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  skipLibCheck: false,
  types: ['node'],
  lib: ['ES2023'],
  target: 'ES2023',
};

interface ProgramOutput {
  total: number;
  names: string[];
  queryKey: string;
  status: number;
}

function expectSignedInCall(stdout: string) {
  const output = JSON.parse(stdout) as ProgramOutput;
  expect(output.total).toBeGreaterThan(0);
  expect(output.names.length).toBeGreaterThan(0);
  expect(output.names.every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
  expect(output.queryKey).toBe('listProjects');
  // A call the server refuses rejects with the SDK's typed error, also in the published build.
  expect(output.status).toBe(401);
}

describe('the published SDK, installed by name, in a fresh consumer project', () => {
  it('Node 24 ESM with module/moduleResolution nodenext: type-checks, compiles with tsc and runs', async () => {
    const dir = path.join(consumerRoot, 'node-esm');
    writeProject(dir, {
      'package.json': { name: 'node-esm', private: true, type: 'module' },
      'tsconfig.json': {
        compilerOptions: { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext', outDir: 'out' },
        include: ['main.ts'],
      },
      'main.ts': PROGRAM,
    });
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
    expectSignedInCall(await run(process.execPath, ['out/main.js', apiUrl], { cwd: dir }));
  });

  it('CommonJS with nodenext: tsc compiles the imports to require() of the ESM build, which Node 24 loads', async () => {
    const dir = path.join(consumerRoot, 'node-cjs');
    writeProject(dir, {
      'package.json': { name: 'node-cjs', private: true, type: 'commonjs' },
      'tsconfig.json': {
        compilerOptions: { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext', outDir: 'out' },
        include: ['main.ts'],
      },
      'main.ts': PROGRAM,
    });
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
    expect(await run('cat', ['out/main.js'], { cwd: dir })).toContain('require("@assessment/sdk")');
    expectSignedInCall(await run(process.execPath, ['out/main.js', apiUrl], { cwd: dir }));
  });

  it('bundler resolution with esbuild: type-checks, bundles and runs', async () => {
    const dir = path.join(consumerRoot, 'bundler-esbuild');
    writeProject(dir, {
      'package.json': { name: 'bundler-esbuild', private: true, type: 'module' },
      'tsconfig.json': {
        compilerOptions: { ...STRICT, module: 'preserve', moduleResolution: 'bundler', noEmit: true },
        include: ['main.ts'],
      },
      'main.ts': PROGRAM,
    });
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
    await run(
      bin('esbuild'),
      ['main.ts', '--bundle', '--platform=node', '--format=esm', '--outfile=out/main.js'],
      {
        cwd: dir,
      },
    );
    expectSignedInCall(await run(process.execPath, ['out/main.js', apiUrl], { cwd: dir }));
  });

  it('bundler resolution with webpack: type-checks, compiles with tsc, bundles with webpack and runs', async () => {
    const dir = path.join(consumerRoot, 'bundler-webpack');
    writeProject(dir, {
      'package.json': { name: 'bundler-webpack', private: true, type: 'module' },
      'tsconfig.json': {
        compilerOptions: { ...STRICT, module: 'preserve', moduleResolution: 'bundler', outDir: 'out' },
        include: ['main.ts'],
      },
      'main.ts': PROGRAM,
      'build.js': `import webpack from 'webpack';

const config = {
  mode: 'production',
  target: 'node',
  entry: './out/main.js',
  output: { path: new URL('bundle', import.meta.url).pathname, filename: 'main.cjs' },
};
webpack(config, (error, stats) => {
  if (error || stats?.hasErrors()) {
    console.error(error ?? stats?.toString('errors-only'));
    process.exitCode = 1;
  }
});
`,
    });
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
    await run(process.execPath, ['build.js'], { cwd: dir });
    expectSignedInCall(await run(process.execPath, ['bundle/main.cjs', apiUrl], { cwd: dir }));
  });

  it('bundler resolution with Vite: type-checks, bundles (SDK and zod inlined) and runs', async () => {
    const dir = path.join(consumerRoot, 'bundler-vite');
    writeProject(dir, {
      'package.json': { name: 'bundler-vite', private: true, type: 'module' },
      'tsconfig.json': {
        compilerOptions: { ...STRICT, module: 'preserve', moduleResolution: 'bundler', noEmit: true },
        include: ['main.ts'],
      },
      'vite.config.js': `export default { logLevel: 'warn', ssr: { noExternal: true }, build: { ssr: 'main.ts', outDir: 'out' } };\n`,
      'main.ts': PROGRAM,
    });
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
    await run(bin('vite'), ['build'], { cwd: dir });
    expectSignedInCall(await run(process.execPath, ['out/main.js', apiUrl], { cwd: dir }));
  });

  it('Node ESM with validation on (configureSdk({ validate: true, validators })): type-checks and runs validated', async () => {
    const dir = path.join(consumerRoot, 'node-esm-validated');
    writeProject(dir, {
      'package.json': { name: 'node-esm-validated', private: true, type: 'module' },
      'tsconfig.json': {
        compilerOptions: { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext', outDir: 'out' },
        include: ['main.ts'],
      },
      'main.ts': `import { validators } from '@assessment/sdk/validators';\n${PROGRAM.replace(
        'configureSdk({ baseUrl });',
        'configureSdk({ baseUrl, validate: true, validators });',
      )}`,
    });
    expect(await run('cat', ['main.ts'], { cwd: dir })).toContain('validate: true, validators');
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
    expectSignedInCall(await run(process.execPath, ['out/main.js', apiUrl], { cwd: dir }));
  });

  it('a Vite production build with validation off carries no zod; with validation on, the call’s validators', async () => {
    const dir = path.join(consumerRoot, 'vite-validation');
    const app = (validated: boolean) => `import { configureSdk, getMessage } from '@assessment/sdk';
${validated ? "import { validators } from '@assessment/sdk/validators';\n" : ''}
configureSdk({ baseUrl: '/'${validated ? ', validate: true, validators' : ''} });
void getMessage({ path: { key: 'generalError' } }).then(({ data }) => console.log(data.title));
`;
    writeProject(dir, {
      'package.json': { name: 'vite-validation', private: true, type: 'module' },
      'off/index.html': '<script type="module" src="./main.ts"></script>\n',
      'off/main.ts': app(false),
      'on/index.html': '<script type="module" src="./main.ts"></script>\n',
      'on/main.ts': app(true),
    });
    const emitted = async (variant: 'on' | 'off') => {
      await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(dir, variant) });
      const assets = path.join(dir, variant, 'dist/assets');
      const files = (await run('ls', [assets], { cwd: dir }))
        .split('\n')
        .filter((file) => file.endsWith('.js'));
      return {
        files,
        code: (await Promise.all(files.map((file) => run('cat', [file], { cwd: assets })))).join('\n'),
      };
    };
    const off = await emitted('off');
    const on = await emitted('on');
    // The control first: these strings are zod's own (its base type, error class and default message).
    for (const marker of ZOD_MARKERS) expect(on.code, marker).toContain(marker);
    for (const marker of ZOD_MARKERS) expect(off.code, marker).not.toContain(marker);
    expect(off.files).toHaveLength(1);
    // With validation on, each operation's validators are a chunk of their own, loaded on its first call.
    expect(on.files.some((file) => file.startsWith('getMessage.gen-'))).toBe(true);
  });

  it('TanStack Query options type `error` as the thrown SdkError, not the envelope body', async () => {
    const dir = path.join(consumerRoot, 'query-error-types');
    writeProject(dir, {
      'package.json': { name: 'query-error-types', private: true, type: 'module' },
      'tsconfig.json': {
        // Without exactOptionalPropertyTypes: TanStack Query 5's own QueryObserver typing does not pass it.
        compilerOptions: {
          ...STRICT,
          exactOptionalPropertyTypes: false,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          noEmit: true,
        },
        include: ['errors.ts'],
      },
      'errors.ts': `import { HttpError, type SdkError } from '@assessment/sdk';
import { createProjectMutation, listProjectsOptions } from '@assessment/sdk/query';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const exactly = <T extends true>(): T | undefined => undefined;

const client = new QueryClient();
const query = new QueryObserver(client, listProjectsOptions()).getCurrentResult();
const mutation = new MutationObserver(client, createProjectMutation()).getCurrentResult();
exactly<Equal<typeof query.error, SdkError | null>>();
exactly<Equal<typeof mutation.error, SdkError | null>>();

export function describe(): string | undefined {
  if (query.error) {
    // @ts-expect-error what is thrown is an SdkError: the envelope's ResourceKey is on error.body, not the error
    console.log(query.error.ResourceKey);
    if (query.error instanceof HttpError) return \`\${query.error.operation}: HTTP \${query.error.status}\`;
  }
  if (mutation.error) {
    // @ts-expect-error the envelope's ErrorState is not a property of the thrown error
    console.log(mutation.error.ErrorState);
    return mutation.error.message;
  }
  return undefined;
}
`,
    });
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
  });

  it('without @tanstack/react-query (an optional peer), a Vite build of the main entry never imports it', async () => {
    const dir = path.join(consumerRoot, 'vite-no-react-query');
    writeProject(dir, {
      'package.json': { name: 'vite-no-react-query', private: true, type: 'module' },
      // The consumer root has react-query installed for the other setups: here any import of it fails the build,
      // as it would in an app that never installed it.
      'vite.config.js': `export default {
  logLevel: 'warn',
  plugins: [
    {
      name: 'react-query-is-not-installed',
      enforce: 'pre',
      resolveId(id, importer) {
        if (id === '@tanstack/react-query' || id.startsWith('@tanstack/react-query/'))
          this.error(\`\${importer ?? 'the app'} imports \${id}, which this app does not install\`);
        return null;
      },
    },
  ],
  build: {
    outDir: 'out',
    lib: { entry: process.env.ENTRY ?? 'main.js', formats: ['es'], fileName: 'main' },
  },
};
`,
      'main.js': `import { configureSdk, HttpError, listProjects, zProjectSummary } from '@assessment/sdk';

configureSdk({ baseUrl: 'https://portal.example.com' });
export { HttpError, listProjects, zProjectSummary };
`,
      'query.js': `export { listProjectsOptions } from '@assessment/sdk/query';\n`,
    });
    await run(bin('vite'), ['build'], { cwd: dir });
    expect(await run('cat', ['out/main.js'], { cwd: dir })).not.toContain('react-query');
    // The control: the entry that does need it fails that build.
    await expect(run(bin('vite'), ['build'], { cwd: dir, env: { ENTRY: 'query.js' } })).rejects.toThrow(
      /imports @tanstack\/react-query, which this app does not install/,
    );
  });
});
