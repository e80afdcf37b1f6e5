// Seeds one template data folder per test run (scrypt hashing of every account takes a few seconds);
// each test file copies it instead of seeding again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../apps/mock/src/store/db.ts';
import { seed } from '../../../apps/mock/src/store/seed.ts';

let dir = '';

export function setup(project: TestProject): void {
  dir = mkdtempSync(path.join(tmpdir(), 'conformance-template-'));
  const db = openDatabase(dir);
  seed(db);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  project.provide('templateDataDir', dir);
}

export function teardown(): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
  }
}
