import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { axeViolations, showStory, waitForSettled } from './story';

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  /** The stories file, e.g. `./src/accordion/Accordion.stories.tsx`. */
  importPath: string;
}

// Every story of the built catalogue (playwright.config.ts builds it first): new stories are covered automatically.
const catalogueDir = process.env.UI_CATALOGUE_DIR ?? 'build/catalogue';
const indexPath = fileURLToPath(new URL(`../${catalogueDir}/index.json`, import.meta.url));
const index = JSON.parse(readFileSync(indexPath, 'utf8')) as { entries: Record<string, IndexEntry> };
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

// One browser page per worker: the preview loads once, then each story is shown through its channel (showStory).
const test = base.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

// The same stories in the dark theme (prefers-color-scheme: dark): the kit's dark tokens, axe clean too.
const darkTest = base.extend<object, { darkPage: Page }>({
  darkPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ reducedMotion: 'reduce', colorScheme: 'dark' });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

test('the catalogue lists stories of every component folder', () => {
  // Every public subpath (`src/<folder>/index.ts`, README "Conventions") has stories in the catalogue.
  const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
  const folders = readdirSync(srcDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(srcDir, entry.name, 'index.ts')))
    .map((entry) => entry.name);
  expect(folders.length).toBeGreaterThanOrEqual(18);
  const covered = new Set(stories.map((s) => s.importPath.split('/')[2]));
  expect(folders.filter((folder) => !covered.has(folder))).toEqual([]);
});

for (const story of stories) {
  test(`${story.title} › ${story.name} has no axe violations`, async ({ storyPage: page }) => {
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    page.on('pageerror', onError);
    try {
      await showStory(page, story.id);
      await waitForSettled(page);
      const violations = await axeViolations(page, TAGS);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      page.off('pageerror', onError);
    }
  });
}

for (const story of stories) {
  darkTest(
    `${story.title} › ${story.name} has no axe violations in the dark theme`,
    async ({ darkPage: page }) => {
      await showStory(page, story.id);
      // Opening transitions settled: axe measures contrast as rendered.
      await waitForSettled(page);
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
      expect(await axeViolations(page, TAGS)).toEqual([]);
    },
  );
}
