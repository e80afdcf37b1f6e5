// Lists `kind package script` for every test (Vitest) and e2e (Playwright) script of the workspace packages.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// The root's own `test` is scripts/test.sh itself, so only its `test:*` scripts are runs.
const folders = [
  '.',
  'openapi',
  ...['packages', 'apps'].flatMap((dir) => readdirSync(join(root, dir)).map((name) => join(dir, name))),
];
for (const folder of folders) {
  const manifestPath = join(root, folder, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    name: string;
    scripts?: Record<string, string>;
  };
  for (const script of Object.keys(manifest.scripts ?? {}).sort()) {
    if (folder === '.' && script === 'test') continue;
    if (script === 'test' || script.startsWith('test:')) console.log(`vitest ${manifest.name} ${script}`);
    else if (script === 'e2e' || script.startsWith('e2e:'))
      console.log(`playwright ${manifest.name} ${script}`);
  }
}
