import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import axeCore, { type AxeResults } from 'axe-core';
import { runAxe } from '../../../scripts/axe';

// The workspace's axe runner (scripts/axe.ts) against AxeBuilder as the oracle: the same violations on the same page,
// once and again after the page changed (axe is injected once per document, so a second check must see the change),
// the same with a part included and with rules left out; and a page with frames left to AxeBuilder.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAULTY = `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main><h1>Faults</h1>
  <button></button>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
  <p style="color:#999;background:#aaa">low contrast</p>
  <section id="part"><input type="text"></section></main></body></html>`;

/** The pages of the first test have no frames: AxeBuilder is never asked. */
const unexpectedFrames = (): Promise<AxeResults> => Promise.reject(new Error('no frame expected'));

const ids = (results: AxeResults) =>
  results.violations.map((v) => `${v.id} ${String(v.nodes.length)}`).sort();

test('the runner finds what AxeBuilder finds, after a change too, with include and disabled rules', async ({
  page,
}) => {
  await page.setContent(FAULTY);
  const check = { source: axeCore.source, tags: TAGS };
  const first = await runAxe<AxeResults>(page, check, unexpectedFrames);
  const oracle = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(ids(first)).toEqual(ids(oracle));
  expect(ids(first)).toEqual(['button-name 1', 'color-contrast 1', 'image-alt 1', 'label 1']);

  await page.evaluate(() => document.querySelector('button')?.remove());
  const afterChange = await runAxe<AxeResults>(page, check, unexpectedFrames);
  expect(ids(afterChange)).toEqual(['color-contrast 1', 'image-alt 1', 'label 1']);

  const part = await runAxe<AxeResults>(page, { ...check, include: '#part' }, unexpectedFrames);
  expect(ids(part)).toEqual(ids(await new AxeBuilder({ page }).withTags(TAGS).include('#part').analyze()));
  expect(ids(part)).toEqual(['label 1']);

  const withoutContrast = await runAxe<AxeResults>(
    page,
    { ...check, disabledRules: ['color-contrast'] },
    unexpectedFrames,
  );
  expect(ids(withoutContrast)).toEqual(['image-alt 1', 'label 1']);
});

test('a page with frames is left to AxeBuilder', async ({ page }) => {
  await page.setContent(
    '<main><h1>Frames</h1><iframe title="inner" srcdoc="<button></button>"></iframe></main>',
  );
  await expect.poll(() => page.frames().length).toBe(2);
  const inFrames = () => Promise.resolve('checked by AxeBuilder');
  expect(await runAxe(page, { source: axeCore.source, tags: TAGS }, inFrames)).toBe('checked by AxeBuilder');
});
