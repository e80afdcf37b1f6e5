// A new internal tool's first use of the published SDK, once per mainstream setup: each throw-away project
// type-checks strictly (TypeScript 6, no skipLibCheck) and then signs in to the demo API and lists projects.
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { run, writeProject } from './process.ts';

const { consumerRoot, apiUrl, workDir } = inject('consumers');
const bin = (name: string) => path.join(consumerRoot, 'node_modules/.bin', name);
/** Strings only zod's code contains (its base type, its error class, its default issue message). */
const ZOD_MARKERS = ['$ZodType', '$ZodError', 'Invalid input'];
/** A string only valibot's code contains: the method every valibot schema runs (`~run`). */
const VALIBOT_MARKER = '~run';

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

  it('a Vite production build with validation off carries no validator code; on, the call’s valibot validators and no zod', async () => {
    const dir = path.join(consumerRoot, 'vite-validation');
    const app = (validated: boolean) => `import { configureSdk, getMessage } from '@assessment/sdk';
${validated ? "import { validators } from '@assessment/sdk/validators';\n" : ''}
configureSdk({ baseUrl: '/'${validated ? ', validate: true, validators' : ''} });
void getMessage({ path: { key: 'generalError' } }).then(({ data }) => console.log(data.title));
`;
    const upload = `import { configureSdk } from '@assessment/sdk';
import { uploadFile } from '@assessment/sdk/upload';
configureSdk({ uploadBaseUrl: '/' });
void uploadFile('uploadIokitFile', new Blob(['x'])).then((answer) => console.log(answer.FileName));
`;
    writeProject(dir, {
      'package.json': { name: 'vite-validation', private: true, type: 'module' },
      'off/index.html': '<script type="module" src="./main.ts"></script>\n',
      'off/main.ts': app(false),
      'on/index.html': '<script type="module" src="./main.ts"></script>\n',
      'on/main.ts': app(true),
      'upload/index.html': '<script type="module" src="./main.ts"></script>\n',
      'upload/main.ts': upload,
    });
    const emitted = async (variant: 'on' | 'off' | 'upload') => {
      await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: path.join(dir, variant) });
      const assets = path.join(dir, variant, 'dist/assets');
      const files = (await run('ls', [assets], { cwd: dir }))
        .split('\n')
        .filter((file) => file.endsWith('.js'));
      const code = await Promise.all(files.map((file) => run('cat', [file], { cwd: assets })));
      return { files, code: code.join('\n'), of: (file: string) => code[files.indexOf(file)] ?? '' };
    };
    const off = await emitted('off');
    const on = await emitted('on');
    const uploadOff = await emitted('upload');
    // With validation on, each operation's validators are a chunk of their own, loaded on its first call: valibot's
    // code, bundled with the call's schemas, and no zod anywhere in the build (zod's schemas are exports for apps'
    // own use, never the SDK's validators).
    const call = on.files.find((file) => file.startsWith('getMessage.gen-'));
    expect(call).toBeDefined();
    expect(on.of(call ?? ''), 'valibot in the call’s chunk').toContain(VALIBOT_MARKER);
    expect(on.of(call ?? '')).toContain('generalError'); // its schemas: the path's message keys
    // Self-contained: it imports no chunk shared with other operations' validators (no union of what all of them use).
    expect(on.of(call ?? '')).not.toMatch(/import\s*\{[^}]*\}\s*from\s*["'`]\.\//);
    for (const marker of ZOD_MARKERS) expect(on.code, marker).not.toContain(marker);
    // Validation off: one file, no validator code, neither for a call nor for an upload.
    for (const build of [off, uploadOff]) {
      expect(build.files).toHaveLength(1);
      expect(build.code).not.toContain(VALIBOT_MARKER);
      for (const marker of ZOD_MARKERS) expect(build.code, marker).not.toContain(marker);
    }
  });

  it('validatorsOf with one operation’s entry (@assessment/sdk/validators/getMessage): type-checks, builds with only its chunk, validates it and refuses unlisted ones', async () => {
    const dir = path.join(consumerRoot, 'vite-validators-of');
    // The demo API answers getMessage by the contract; a fetch that answers off-contract (title a number) is the
    // breach. listProjects is not listed: validated, it rejects before anything is sent.
    const main = `import {
  configureSdk,
  getMessage,
  listProjects,
  RequestValidationError,
  ResponseValidationError,
  validatorsOf,
} from '@assessment/sdk';

async function main(apiUrl: string): Promise<void> {
  let sent = 0;
  let breach = false;
  configureSdk({
    baseUrl: apiUrl,
    validate: true,
    validators: validatorsOf({ getMessage: () => import('@assessment/sdk/validators/getMessage') }),
    fetch: async (input, init) => {
      sent += 1;
      if (!breach) return fetch(input, init);
      return new Response(JSON.stringify({ title: 42 }), { headers: { 'Content-Type': 'application/json' } });
    },
  });
  const { data } = await getMessage({ path: { key: 'generalError' } });
  const title: string = data.title;
  breach = true;
  const breached = await getMessage({ path: { key: 'generalError' } }).catch((error: unknown) => error);
  const before = sent;
  const unlisted = await listProjects().catch((error: unknown) => error);
  console.log(
    JSON.stringify({
      title,
      breached: breached instanceof ResponseValidationError ? breached.operation : String(breached),
      unlisted: unlisted instanceof RequestValidationError ? unlisted.issues : String(unlisted),
      unlistedSent: sent - before,
    }),
  );
}

main(process.argv[2] ?? '').catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
`;
    writeProject(dir, {
      'package.json': { name: 'vite-validators-of', private: true, type: 'module' },
      'tsconfig.json': {
        compilerOptions: { ...STRICT, module: 'preserve', moduleResolution: 'bundler', noEmit: true },
        include: ['main.ts', 'app/main.ts'],
      },
      'main.ts': main,
      'vite.config.js': `export default { logLevel: 'warn', ssr: { noExternal: true }, build: { ssr: 'main.ts', outDir: 'out' } };\n`,
      // The same configuration in a browser app's production build, looked into.
      'app/index.html': '<script type="module" src="./main.ts"></script>\n',
      'app/main.ts': `import { configureSdk, getMessage, validatorsOf } from '@assessment/sdk';
configureSdk({
  baseUrl: '/',
  validate: true,
  validators: validatorsOf({ getMessage: () => import('@assessment/sdk/validators/getMessage') }),
});
void getMessage({ path: { key: 'generalError' } }).then(({ data }) => console.log(data.title));
`,
    });
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
    await run(bin('vite'), ['build'], { cwd: dir });
    const output = JSON.parse(await run(process.execPath, ['out/main.js', apiUrl], { cwd: dir })) as {
      title: string;
      breached: string;
      unlisted: unknown;
      unlistedSent: number;
    };
    expect(output.title.length).toBeGreaterThan(0);
    expect(output.breached).toBe('getMessage');
    expect(output.unlisted).toEqual([
      {
        message:
          "Validation of listProjects needs its validators: validatorsOf({ listProjects: () => import('@assessment/sdk/validators/listProjects') })",
      },
    ]);
    expect(output.unlistedSent).toBe(0);
    // The browser build: the entry and getMessage's validators chunk (valibot inside), no table of operations, no
    // other operation's validators, no zod.
    const app = path.join(dir, 'app');
    await run(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: app });
    const assets = path.join(app, 'dist/assets');
    const files = (await run('ls', [assets], { cwd: app }))
      .split('\n')
      .filter((file) => file.endsWith('.js'));
    expect(files).toHaveLength(2);
    const call = files.find((file) => file.startsWith('getMessage.gen-'));
    expect(call).toBeDefined();
    const entry = await run('cat', [files.find((file) => file !== call) ?? ''], { cwd: assets });
    expect(await run('cat', [call ?? ''], { cwd: assets })).toContain(VALIBOT_MARKER);
    expect(entry).not.toContain(VALIBOT_MARKER);
    // The table names every operation's module; the entry names getMessage's only.
    expect(entry).toContain(call);
    expect(entry).not.toMatch(/(listProjects|acceptTerms)\.gen/);
    const code = entry + (await run('cat', [call ?? ''], { cwd: assets }));
    for (const marker of ZOD_MARKERS) expect(code, marker).not.toContain(marker);
  });

  it('TanStack Query options type `error` as the operation’s SdkErrorOf, not the envelope body', async () => {
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
      'errors.ts': `import { HttpError, type SdkErrorOf } from '@assessment/sdk';
import { createProjectMutation, listProjectsOptions } from '@assessment/sdk/query';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const exactly = <T extends true>(): T | undefined => undefined;

const client = new QueryClient();
const query = new QueryObserver(client, listProjectsOptions()).getCurrentResult();
const mutation = new MutationObserver(client, createProjectMutation()).getCurrentResult();
exactly<Equal<typeof query.error, SdkErrorOf<'listProjects'> | null>>();
exactly<Equal<typeof mutation.error, SdkErrorOf<'createProject'> | null>>();

export function describe(): string | undefined {
  if (query.error) {
    // @ts-expect-error what is thrown is an SdkError: the envelope's ResourceKey is on error.body, not the error
    console.log(query.error.ResourceKey);
    if (query.error instanceof HttpError) {
      // @ts-expect-error listProjects declares no 418: an undeclared status does not compile
      if (query.error.status === 418) return 'teapot';
      return \`\${query.error.operation}: HTTP \${query.error.status} \${query.error.body.ResourceKey ?? ''}\`;
    }
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

  it('with @tanstack/react-query not installed at all, a Vite build of @assessment/sdk/query fails with one error naming it', async () => {
    // An install of its own, outside the shared one: the SDK copied in (Vite follows a link to its real folder, beside
    // which the shared install has the peer), every other package linked from the shared install, the peer absent.
    const dir = path.join(workDir, 'no-react-query');
    const modules = path.join(dir, 'node_modules');
    const shared = path.join(consumerRoot, 'node_modules');
    for (const scope of ['@assessment', '@tanstack'])
      mkdirSync(path.join(modules, scope), { recursive: true });
    cpSync(path.join(shared, '@assessment/sdk'), path.join(modules, '@assessment/sdk'), { recursive: true });
    for (const name of readdirSync(shared).filter(
      (entry) => !['.bin', '@assessment', '@tanstack'].includes(entry),
    ))
      symlinkSync(path.join(shared, name), path.join(modules, name));
    for (const name of readdirSync(path.join(shared, '@tanstack')).filter((entry) => entry !== 'react-query'))
      symlinkSync(path.join(shared, '@tanstack', name), path.join(modules, '@tanstack', name));
    writeProject(dir, {
      'package.json': { name: 'vite-without-react-query', private: true, type: 'module' },
      'vite.config.js': `export default { logLevel: 'warn', build: { outDir: 'out', lib: { entry: 'query.js', formats: ['es'], fileName: 'main' } } };\n`,
      'query.js': `export { listProjectsOptions } from '@assessment/sdk/query';\n`,
    });
    // As text: Rolldown colours each character of a code frame, even without a terminal.
    const failure = await run(bin('vite'), ['build'], { cwd: dir }).then(
      () => '',
      (error: unknown) => stripVTControlCharacters(String(error)),
    );
    // One module of the SDK imports the peer at run time (src/query-options.ts): one error, which names the peer, and
    // its code frame shows what to do.
    expect(failure.match(/is not exported by/g)).toHaveLength(1);
    expect(failure).toContain(
      '"queryOptions" is not exported by "__vite-optional-peer-dep:@tanstack/react-query',
    );
    expect(failure).toContain('// not installed? npm install @tanstack/react-query');
  });
});
