import AxeBuilder from '@axe-core/playwright';
import axeCore, { type AxeResults } from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { runAxe } from '../../../scripts/axe';

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

/**
 * Shows a story in the page's Storybook preview: the first time by loading it, after that through the preview's own
 * channel (`setCurrentStory`, as the catalogue's sidebar does), which unmounts the previous story and renders this
 * one without loading and running the preview's bundle again (most of a story check's time when each loaded it).
 */
export async function showStory(page: Page, id: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.endsWith('/iframe.html')) {
    await openStory(page, id);
    return;
  }
  const outcome = await page.evaluate(
    (storyId) =>
      new Promise<string>((resolve) => {
        interface Channel {
          on(event: string, listener: (arg: unknown) => void): void;
          off(event: string, listener: (arg: unknown) => void): void;
          emit(event: string, arg: unknown): void;
        }
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
          .__STORYBOOK_ADDONS_CHANNEL__;
        const listeners: [string, (arg: unknown) => void][] = [];
        const settle = (result: string) => {
          for (const [event, listener] of listeners) channel.off(event, listener);
          resolve(result);
        };
        const listen = (event: string, result: (arg: unknown) => string | null) => {
          const listener = (arg: unknown) => {
            const value = result(arg);
            if (value !== null) settle(value);
          };
          listeners.push([event, listener]);
          channel.on(event, listener);
        };
        listen('storyRendered', (rendered) => (rendered === storyId ? 'rendered' : null));
        for (const failure of ['storyErrored', 'storyThrewException', 'storyMissing'])
          listen(failure, (detail) => `${failure}: ${JSON.stringify(detail)}`);
        channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
      }),
    id,
  );
  expect(outcome, `story ${id}`).toBe('rendered');
  await waitForStory(page);
}

/**
 * Waits until the story has settled: no transition running and no info bar still in its 100 ms before showing
 * (`data-state="opening"`), so axe sees the story as a person would.
 */
export async function waitForSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-state="opening"]') === null &&
      document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/** The axe violations of the page (page-level rules off), one line each; `tags` limits the rules run. */
export async function axeViolations(page: Page, tags?: string[]): Promise<string[]> {
  const results = await runAxe<AxeResults>(
    page,
    { source: axeCore.source, tags, disabledRules: PAGE_LEVEL_RULES },
    () => {
      const builder = new AxeBuilder({ page }).disableRules(PAGE_LEVEL_RULES);
      return (tags ? builder.withTags(tags) : builder).analyze();
    },
  );
  return results.violations.map(
    (v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
