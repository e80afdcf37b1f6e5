import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A story is a component, not a page: the page-level rules belong to the portal's own page checks. */
export const PAGE_LEVEL_RULES = ['landmark-one-main', 'page-has-heading-one', 'region'];

/** Waits until Storybook has rendered the current story (or failed to) and fails on a story error. */
export async function waitForStory(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const cl = document.body.classList;
    return cl.contains('sb-show-main') || cl.contains('sb-show-errordisplay');
  });
  await expect(page.locator('body')).not.toHaveClass(/sb-show-errordisplay/);
}

/** Opens a story of the catalogue by id, rendered alone. */
export async function openStory(page: Page, id: string): Promise<void> {
  await page.goto(`/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
  await waitForStory(page);
}

/** The axe violations of the page (page-level rules off), one line each; `tags` limits the rules run. */
export async function axeViolations(page: Page, tags?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page }).disableRules(PAGE_LEVEL_RULES);
  const results = await (tags ? builder.withTags(tags) : builder).analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
