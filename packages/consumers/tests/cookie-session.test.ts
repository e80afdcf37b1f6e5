// The SDK README's session for Node scripts: a cookie jar (tough-cookie) behind configureSdk's `fetch` keeps the
// session cookie of the sign-in and sends it with every later call, as a browser would; no Set-Cookie by hand.
// Against the demo API, with the packages installed by name.
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { run, writeProject } from './process.ts';

const { consumerRoot, apiUrl } = inject('consumers');

const SCRIPT = `import { configureSdk, isHttpError, listProjects, signIn, signOut } from '@assessment/sdk';
import { CookieJar } from 'tough-cookie';

const baseUrl = process.argv[2] ?? '';
const jar = new CookieJar();
configureSdk({
  baseUrl,
  // The jar sends what it holds for the URL and keeps every Set-Cookie of the answer (path, expiry, deletion).
  fetch: async (input, init) => {
    const request = new Request(input, init);
    const cookie = await jar.getCookieString(request.url);
    if (cookie !== '') request.headers.set('cookie', cookie);
    const response = await fetch(request);
    for (const header of response.headers.getSetCookie()) await jar.setCookie(header, request.url);
    return response;
  },
});

const before = await listProjects().catch((error: unknown) => (isHttpError(error, 'listProjects') ? error.status : error));
await signIn({ body: { email: 'admin@dell.example', password: 'Demo-Portal-2026' } });
const { data } = await listProjects({ query: { PageSize: 5 } });
await signOut();
const after = await listProjects().catch((error: unknown) => (isHttpError(error, 'listProjects') ? error.status : error));
console.log(JSON.stringify({ before, total: data.TotalCount, names: data.Items.map((p) => p.Name), after }));
`;

it('a Node script keeps the session in a tough-cookie jar: signed in, its calls are; signed out, they are refused', async () => {
  const dir = path.join(consumerRoot, 'cookie-session');
  writeProject(dir, {
    'package.json': { name: 'cookie-session', private: true, type: 'module' },
    'tsconfig.json': {
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        verbatimModuleSyntax: true,
        skipLibCheck: false,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'ES2023',
        lib: ['ES2023'],
        types: ['node'],
        outDir: 'out',
      },
      include: ['main.ts'],
    },
    'main.ts': SCRIPT,
  });
  await run(path.join(consumerRoot, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: dir });
  const output = JSON.parse(await run(process.execPath, ['out/main.js', apiUrl], { cwd: dir })) as {
    before: unknown;
    total: number;
    names: string[];
    after: unknown;
  };
  expect(output.before).toBe(401);
  expect(output.total).toBeGreaterThan(0);
  expect(output.names.length).toBeGreaterThan(0);
  expect(output.after).toBe(401);
});
