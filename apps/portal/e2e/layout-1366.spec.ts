import type { Locator } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from './fixtures';

// Issue 30 item 9: the layout of a 1366 px laptop screen.
test.use({ viewport: { width: 1366, height: 768 } });

/** Buttons side by side stand apart (at least 4 px) and never run together; on another line, below. */
async function expectApart(buttons: Locator, what: string): Promise<void> {
  const boxes = (await buttons.evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    }),
  )) as { left: number; right: number; top: number; bottom: number }[];
  for (let b = 1; b < boxes.length; b++) {
    const [previous, next] = [boxes[b - 1]!, boxes[b]!];
    const sameLine = next.top < previous.bottom && next.bottom > previous.top;
    if (sameLine) expect(next.left - previous.right, `gap between ${what}`).toBeGreaterThanOrEqual(4);
    else expect(next.top).toBeGreaterThanOrEqual(previous.bottom);
  }
}

test('dashboard at 1366 px: "New project" and "Request a PSS solution" stand apart', async ({ page }) => {
  await signIn(page, ACCOUNTS.endUser);
  await page.goto('/dashboard');
  const newProject = page.getByRole('button', { name: 'New project' });
  await expect(newProject).toBeVisible();
  const actions = newProject.locator('xpath=..').getByRole('button');
  await expect(actions).toHaveCount(2);
  await expectApart(actions, "the recent projects' actions");
});

test('team table at 1366 px: row actions stand apart, and the sticky actions leave Verified and Joined in view', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/team/edit/1');
  const table = page.getByRole('grid').or(page.getByRole('table')).first();
  await expect(table.getByRole('columnheader', { name: /Joined/ })).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();

  // Each row's action buttons are apart from each other: never run together as one word.
  const count = await rows.count();
  for (let index = 1; index < count; index++)
    await expectApart(rows.nth(index).getByRole('button'), `row ${String(index)}'s actions`);

  // Without scrolling sideways, Verified and Joined are fully left of the stuck actions column.
  const edge = async (name: RegExp) =>
    (await table.getByRole('columnheader', { name }).boundingBox()) ?? { x: 0, width: 0 };
  const actions = await edge(/^Actions$/);
  for (const name of [/^Verified/, /^Joined/]) {
    const header = await edge(name);
    expect(header.x + header.width, String(name)).toBeLessThanOrEqual(actions.x + 1);
  }
});

test('run search at 1366 px: the advanced fields take their own full row, not the middle of the toolbar', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  await page.goto('/collectorruns/search?advanced=true');
  const form = page.locator('form.run-filters');
  const advanced = page.locator('#advanced-search');
  await expect(advanced.getByRole('textbox', { name: 'Owner email' })).toBeVisible();
  const [formBox, advancedBox, toggle] = await Promise.all([
    form.boundingBox(),
    advanced.boundingBox(),
    page.getByRole('button', { name: 'Advanced search' }).boundingBox(),
  ]);
  expect(formBox && advancedBox && toggle).toBeTruthy();
  if (!formBox || !advancedBox || !toggle) return;
  expect(Math.abs(advancedBox.x - formBox.x)).toBeLessThanOrEqual(1);
  expect(advancedBox.width).toBeGreaterThanOrEqual(formBox.width - 1);
  expect(advancedBox.y).toBeGreaterThanOrEqual(toggle.y + toggle.height);
});
