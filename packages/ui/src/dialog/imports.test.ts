import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticPackages } from '../test/module-graph';

const here = import.meta.dirname;

describe('dialog module boundaries', () => {
  it('Dialog does not load SafeHtml (DOMPurify); MessageDialog does', () => {
    expect([...staticPackages(join(here, 'Dialog.tsx'))]).not.toContain('dompurify');
    expect([...staticPackages(join(here, 'MessageDialog.tsx'))]).toContain('dompurify');
  });
});
