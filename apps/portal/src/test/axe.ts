import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Zero axe violations in a rendered component. jsdom has no layout, so colour contrast is left to the browser
 * journeys; a lone component is not a page, so the landmark rule (region) does not apply.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
