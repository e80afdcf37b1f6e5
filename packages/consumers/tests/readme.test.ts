// The SDK README's usage examples are type-checked against the packed SDK, as a consumer's code: a renamed
// export, a changed option or a wrong call shape in the README fails here, so the examples cannot rot.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { WORKSPACE } from './global-setup.ts';
import { run, writeProject } from './process.ts';

const { consumerRoot } = inject('consumers');

/** What the examples leave to the app (showing a message or a page); declared, as the app would define them. */
const APP_FUNCTIONS = `declare function showMessage(messageKey: string | undefined): void;
declare function showNotFound(): void;
declare function showConnectionInterrupted(): void;
`;

/** The ```ts blocks of a Markdown file, in order. */
function typescriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

it('every ```ts example of packages/sdk/README.md type-checks strictly against the packed SDK', async () => {
  const blocks = typescriptBlocks(readFileSync(path.join(WORKSPACE, 'packages/sdk/README.md'), 'utf8'));
  expect(blocks.length).toBeGreaterThanOrEqual(2);
  const dir = path.join(consumerRoot, 'readme');
  writeProject(dir, {
    'package.json': { name: 'readme-examples', private: true, type: 'module' },
    'tsconfig.json': {
      compilerOptions: {
        strict: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        noEmit: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'ES2023',
        // The examples run in a browser app (location, AbortSignal) or a Node tool (process).
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: ['node'],
      },
      include: ['*.ts'],
    },
    'app.d.ts': APP_FUNCTIONS,
    ...Object.fromEntries(blocks.map((block, index) => [`example-${index + 1}.ts`, block])),
  });
  await run(path.join(consumerRoot, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: dir });
});
