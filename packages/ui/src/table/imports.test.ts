import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticPackages } from '../test/module-graph';

const here = import.meta.dirname;

describe('table module boundaries', () => {
  it('DataTable does not load TanStack Virtual statically; the lazy VirtualBody does', () => {
    expect([...staticPackages(join(here, 'DataTable.tsx'))]).not.toContain('@tanstack/react-virtual');
    expect([...staticPackages(join(here, 'VirtualBody.tsx'))]).toContain('@tanstack/react-virtual');
  });
});
