import { rmSync } from 'node:fs';

/** Removes this run's own catalogue build (never the shared build/catalogue). */
export default function teardown(): void {
  const dir = process.env.UI_CATALOGUE_DIR;
  if (dir?.startsWith('build/e2e-catalogue-')) rmSync(dir, { recursive: true, force: true });
}
