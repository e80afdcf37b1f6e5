// The API reference (scripts/reference.ts): one static page that renders exactly the bundled contract, so every
// operation with its examples, error answers and per-service servers is on it, and that loads no script or
// stylesheet from elsewhere (it opens offline and under the demo's CSP).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_JSON, ensureReference } from '../scripts/reference.ts';

let page = '';
beforeAll(() => {
  page = readFileSync(ensureReference(), 'utf8');
}, 60_000);

describe('the API reference page', () => {
  it('renders the bundled contract itself (every operation, example, error answer and server)', () => {
    const definition = /const __redoc_definition = (.*);\n/.exec(page)?.[1];
    expect(definition).toBeDefined();
    expect(JSON.parse(definition ?? 'null')).toEqual(JSON.parse(readFileSync(CONTRACT_JSON, 'utf8')));
  });

  it('is a standards-mode page with its title and language', () => {
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(page.includes("<html lang='en'>")).toBe(true);
    expect(page.includes('<title>Assessment portal API reference</title>')).toBe(true);
  });

  it('loads no script or stylesheet from elsewhere (Redoc is inlined)', () => {
    // Booleans, not the 2.9 MB page, in a failure's message.
    expect(/<script[^>]* src=/.test(page)).toBe(false);
    expect(/<link[^>]* href=["']https?:/.test(page)).toBe(false);
  });
});
