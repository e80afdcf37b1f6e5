// The packed UI kit in a fresh React 19 app: Vite (bundler resolution) builds it for the browser with the kit's CSS
// and renders it on the server; a plain Node ESM project (nodenext) type-checks and renders it without a bundler.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run, writeProject } from './process.ts';

const { consumerRoot } = inject('consumers');
const bin = (name: string) => path.join(consumerRoot, 'node_modules/.bin', name);

const APP = `import { Button } from '@assessment/ui/button';
import { TOAST_VISIBLE_MS } from '@assessment/ui/constants';
import { NativeSelect } from '@assessment/ui/native-select';
import { ProgressBar } from '@assessment/ui/progress';
import { SafeHtml } from '@assessment/ui/safe-html';

export function App() {
  return (
    <main>
      <Button variant="secondary" onPress={() => undefined}>
        Create project
      </Button>
      <ProgressBar label="upload.iokit" value={40} />
      <NativeSelect
        label="Language"
        options={[
          { id: 'en', label: 'English' },
          { id: 'de', label: 'Deutsch' },
        ]}
        defaultValue="de"
      />
      <p>Toasts stay {TOAST_VISIBLE_MS} ms.</p>
      <SafeHtml id="server-html" html={'<b>bold</b><img src="x" onerror="alert(1)">'} />
    </main>
  );
}
`;
const SERVER = `import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';

console.log(renderToString(<App />));
`;

// Vite's react-ts template: strict, with skipLibCheck (React Aria's own .d.ts do not pass a lib check against
// @types/react 19.3, which is not ours to fix); a kit type a consumer touches is still checked where it is used.
const STRICT = {
  strict: true,
  noUncheckedIndexedAccess: true,
  noUnusedLocals: true,
  skipLibCheck: true,
  target: 'ES2023',
  jsx: 'react-jsx',
  allowImportingTsExtensions: true,
};

function expectRendered(html: string) {
  expect(html).toMatch(/<button[^>]*data-variant="secondary"[^>]*>.*Create project/);
  expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="40"|aria-valuenow="40"[^>]*role="progressbar"/);
  expect(html).toMatch(/<select[^>]*>.*Deutsch/);
  expect(html).toContain('Toasts stay <!-- -->2700<!-- --> ms.');
  // No DOM on the server to sanitize with: the wrapper is empty, the HTML follows after hydration.
  expect(html).toContain('<div id="server-html"></div>');
  expect(html).not.toContain('onerror');
}

describe('the packed UI kit in a fresh consumer project', () => {
  it('React 19 + Vite: type-checks, builds JS and the kit CSS for the browser, renders on the server', async () => {
    const dir = path.join(consumerRoot, 'react-vite');
    writeProject(dir, {
      'package.json': { name: 'react-vite', private: true, type: 'module' },
      'tsconfig.json': {
        compilerOptions: {
          ...STRICT,
          module: 'preserve',
          moduleResolution: 'bundler',
          noEmit: true,
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: ['vite/client'],
        },
        include: ['src'],
      },
      'vite.config.ts': `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()], logLevel: 'warn' });
`,
      'index.html':
        '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
      'src/main.tsx': `import '@assessment/ui/styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(<App />);
`,
      'src/App.tsx': APP,
      'src/server.tsx': SERVER,
    });
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
    await run(bin('vite'), ['build'], { cwd: dir });
    const assets = readdirSync(path.join(dir, 'dist/assets'));
    const css = assets.filter((file) => file.endsWith('.css'));
    expect(css).toHaveLength(1);
    const styles = readFileSync(path.join(dir, 'dist/assets', css[0] ?? ''), 'utf8');
    // The tokens and the component styles reached the app through styles.css and its @imports.
    expect(styles).toContain('--ui-');
    expect(styles).toContain('.ui-button');
    expect(assets.some((file) => file.endsWith('.js'))).toBe(true);

    await run(bin('vite'), ['build', '--ssr', 'src/server.tsx', '--outDir', 'dist-server'], { cwd: dir });
    expectRendered(await run(process.execPath, ['dist-server/server.js'], { cwd: dir }));
  });

  it('Node ESM with nodenext, no bundler: type-checks, compiles with tsc and renders with react-dom/server', async () => {
    const dir = path.join(consumerRoot, 'ui-node');
    writeProject(dir, {
      'package.json': { name: 'ui-node', private: true, type: 'module' },
      'tsconfig.json': {
        compilerOptions: {
          ...STRICT,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          rewriteRelativeImportExtensions: true,
          rootDir: 'src',
          outDir: 'out',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          types: ['node'],
        },
        include: ['src'],
      },
      'src/App.tsx': APP,
      'src/server.tsx': SERVER,
    });
    await run(bin('tsc'), ['-p', '.'], { cwd: dir });
    expectRendered(await run(process.execPath, ['out/server.js'], { cwd: dir }));
  });
});
