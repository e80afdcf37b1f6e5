import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe-core on a rendered container and fails the test on any violation.
 * jsdom does no layout or painting, so `color-contrast` is disabled here; the Playwright
 * catalogue run (e2e/) checks contrast in a real Chromium. `region` (all content inside landmarks) is a
 * page-level rule: a component rendered alone has no page around it, so it is off here too.
 */
export async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
