import { expect, expectNoA11yViolations, test } from './fixtures';

// Security #14 finding 6: an anonymous visitor of select company sees the companies on the email's domain,
// never the team admins' email addresses.
test('anonymous select company lists the company without team admin emails', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/selectcompany?email=${encodeURIComponent('someone@contoso-partners.example')}`);
  const dialog = page.getByRole('dialog', { name: 'Select company' });
  await expect(dialog.getByRole('radio', { name: 'Contoso Channel Partners' })).toBeVisible();
  await expect(dialog).not.toContainText('partner.admin@contoso-partners.example');
  // The only address on the dialog is the one the visitor typed.
  const addresses = (await dialog.innerText()).match(/[\w.+-]+@[\w.-]+/g) ?? [];
  expect(addresses).toEqual(['someone@contoso-partners.example']);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page, '/selectcompany at 390 px');
});

// Issue 30 item 10: the page used to end most loads in React error #520 (a concurrent render React recovered from):
// the fixture fails a journey on any page error, so every load here must be clean.
test('select company loads without a page error, load after load', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (let load = 0; load < 4; load++) {
    await page.goto(`/selectcompany?email=${encodeURIComponent('someone@contoso-partners.example')}`);
    await expect(
      page
        .getByRole('dialog', { name: 'Select company' })
        .getByRole('radio', { name: 'Contoso Channel Partners' }),
    ).toBeVisible();
    // Rendering has settled once the next frame has been drawn.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
  expect(errors).toEqual([]);
});
