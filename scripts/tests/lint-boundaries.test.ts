// The architecture's import boundaries are lint rules; these tests prove each rule fires (and that allowed
// imports pass), so a weakened eslint.config.js fails here.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

/** Lints `code` as if it were the file at `path` and returns the messages of no-restricted-imports. */
async function restrictedImports(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) =>
      message.message.replace(/^.* import is restricted from being used by a pattern\. /, ''),
    );
}

describe('import boundaries', () => {
  it('packages/ui never imports the SDK', async () => {
    const messages = await restrictedImports(
      'packages/ui/src/button/index.ts',
      "export { configureSdk } from '@assessment/sdk';\n",
    );
    expect(messages).toEqual(['packages/ui must not import the SDK or an app.']);
  });

  it('packages/ui never imports an app', async () => {
    const messages = await restrictedImports(
      'packages/ui/src/button/index.ts',
      "export * from '../../../../apps/portal/src/app/query-client';\n",
    );
    expect(messages).toEqual(['packages/ui must not import the SDK or an app.']);
  });

  it('nothing deep-imports generated files', async () => {
    const messages = await restrictedImports(
      'apps/portal/src/app/sdk.ts',
      "export { zProject } from '@assessment/sdk/src/gen/zod.gen';\n",
    );
    expect(messages).toEqual(['Import generated code through its package entry point, never by path.']);
  });

  it('features never reach into another feature internals', async () => {
    const messages = await restrictedImports(
      'apps/portal/src/features/dashboard/index.ts',
      "export { projectQuery } from '@/features/projects/api/get-project';\n",
    );
    expect(messages).toEqual([
      'Import another feature through its index (@/features/<name>), never its internals.',
    ]);
  });

  it('allows the public entry points', async () => {
    expect(
      await restrictedImports(
        'apps/portal/src/features/dashboard/index.ts',
        "export * from '@/features/projects';\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'apps/portal/src/app/sdk.ts',
        "export { configureSdk } from '@assessment/sdk';\n",
      ),
    ).toEqual([]);
  });

  it('features never import each other in a circle (projects → upload → projects)', async () => {
    // upload uses projects (the project-name field); projects using upload back closes a circle.
    const [result] = await eslint.lintText("export { UploadPage } from '@/features/upload';\n", {
      filePath: `${root}apps/portal/src/features/projects/index.ts`,
    });
    expect(
      (result?.messages ?? [])
        .filter((message) => message.ruleId === 'features/no-feature-cycles')
        .map((message) => message.message),
    ).toEqual([
      'Import circle between features: projects → upload → projects. Move the shared piece to src/lib or src/components (or one feature’s index).',
    ]);
  });

  it('a feature never climbs into another by a relative path; within itself it may', async () => {
    const relative = async (path: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
      return (result?.messages ?? [])
        .filter((message) => message.ruleId === 'features/no-relative-feature-imports')
        .map((message) => message.message);
    };
    expect(
      await relative(
        'apps/portal/src/features/dashboard/components/DashboardPage.tsx',
        "export { projectQuery } from '../../projects/api/get-project';\n",
      ),
    ).toEqual([
      'Import the projects feature through its index (@/features/projects), never by a relative path into it.',
    ]);
    expect(
      await relative(
        'apps/portal/src/features/viewer/components/sizing/SizingPanel.tsx',
        "export { projectSeriesQuery } from '../../api/get-project-series';\n",
      ),
    ).toEqual([]);
  });

  it('routes and shared code use a feature through its index too', async () => {
    const messages = await restrictedImports(
      'apps/portal/src/routes/dpackviewer/$projectId.tsx',
      "export { LazySizingPanel } from '@/features/viewer/components/sizing/LazySizingPanel';\n",
    );
    expect(messages).toEqual([
      'Import a feature through its index (@/features/<name>), never its internals.',
    ]);
    expect(
      await restrictedImports(
        'apps/portal/src/lib/search/sizing-search.ts',
        "export * from '@/features/viewer';\n",
      ),
    ).toEqual([]);
  });

  it('the portal’s fields come with translated hints (@/components/form), not the kit’s English ones', async () => {
    const messages = await restrictedImports(
      'apps/portal/src/features/team/components/AddEmployeeDialog.tsx',
      "export { TextField } from '@assessment/ui/form';\n",
    );
    expect(messages).toEqual([
      "'TextField' import from '@assessment/ui/form' is restricted. Use @/components/form: the kit's field hints are English only.",
    ]);
  });
});
