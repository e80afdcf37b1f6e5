import { ACCOUNTS, expect, expectNoA11yViolations, signIn, test } from './fixtures';

const PROBE = /\/vpn-probe\.gif$/;
const DELLVPN = 'Connect to the internal network (VPN) to use this feature.';

test('VPN check: internal staff off the VPN see the dellvpn text; on it, nothing', async ({ page }) => {
  // On the VPN: the internal host answers (whatever it answers); nothing is shown.
  const probed = page.waitForResponse(PROBE);
  await signIn(page, 'staff@dell.example');
  await probed;
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The answer has been handled once the next frame has rendered.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  await expect(page.getByText(DELLVPN)).toHaveCount(0);

  // Off the VPN: the host does not answer; the server's resource string says what to do.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(PROBE, (route) => route.abort('addressunreachable'));
  await page.reload();
  const notice = page.getByRole('status').filter({ hasText: DELLVPN });
  await expect(notice).toBeVisible();
  await expectNoA11yViolations(page, 'VPN notice');
  expect(errors).toEqual([]);
});

test('VPN check: people outside the company are never probed and never see the internal host', async ({
  page,
}) => {
  const probes: string[] = [];
  page.on('request', (request) => {
    if (PROBE.test(request.url())) probes.push(request.url());
  });
  await signIn(page, ACCOUNTS.endUser);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const viewer = await page.request.get('/api/viewer');
  expect(await viewer.json()).not.toHaveProperty('vpnProbeUrl');
  expect(probes).toEqual([]);
});
