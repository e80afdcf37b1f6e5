import type { PromoSite } from '@assessment/sdk';
import { resetSdkConfig } from '@assessment/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { PromoSiteSettings } from './PromoSiteSettings';

const ok = { StatusCode: 200, ResourceKey: null, ErrorState: null, Message: null, Data: null };
const site: PromoSite = {
  PromoSiteId: 3,
  Alias: 'contoso',
  IsActive: false,
  Logo: null,
  LogoFor: 'header',
  PromoUrl: 'https://contoso.example/assessment',
};

function setUp(routes: Record<string, unknown>, mayEdit = true, shown: PromoSite = site) {
  const api = fakeApi(routes);
  const user = userEvent.setup();
  const rendered = renderWithProviders(<PromoSiteSettings site={shown} mayEdit={mayEdit} />);
  return { ...api, ...rendered, user };
}

const kb = (name: string, bytes: number, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  resetSdkConfig();
});

describe('PromoSiteSettings', () => {
  it('turns the site active with the keyboard: step two and the promo URL show; no axe violations', async () => {
    const { user, calls, container } = setUp({ 'POST /api/promo/toggle/true/3/header': ok });
    await expectNoAxeViolations(container);
    expect(screen.queryByText('https://contoso.example/assessment')).not.toBeInTheDocument();
    await user.tab();
    const toggle = screen.getByRole('switch', { name: 'Active' });
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => {
      expect(calls).toContain('POST /api/promo/toggle/true/3/header');
    });
    expect(toggle).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Step two: logo and promo URL' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://contoso.example/assessment' })).toBeVisible();
    await expectNoAxeViolations(container);
  });

  it('a failed toggle (500 or envelope error) reverts to inactive', async () => {
    for (const answer of [
      Response.json({ ...ok, StatusCode: 500, ResourceKey: 'generalError' }, { status: 500 }),
      { ...ok, StatusCode: 400, ResourceKey: 'validate_info' },
    ]) {
      const { user, unmount } = setUp({ 'POST /api/promo/toggle/true/3/header': answer });
      const toggle = screen.getByRole('switch', { name: 'Active' });
      await user.click(toggle);
      await waitFor(() => {
        expect(toggle).not.toBeChecked();
      });
      expect(screen.queryByRole('heading', { name: /Step two/ })).not.toBeInTheDocument();
      unmount();
      resetSdkConfig();
    }
  });

  it('refuses a wrong type or a logo over 1024 KB; uploads a valid one with a preview and deletes it', async () => {
    const { user, calls, container } = setUp(
      {
        'POST /promologo/upload': ok,
        'GET /promologo/status': {
          ...ok,
          Data: { PromoSiteId: 3, LogoFor: 'header', Status: 'Ready', Logo: '/promologo/3/header/logo.png' },
        },
        'POST /api/promo/deletelogo/3/header': ok,
      },
      true,
      { ...site, IsActive: true },
    );
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, kb('logo.bmp', 10, 'image/bmp'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only jpg, jpeg, png and gif files can be used as a logo.',
    );
    await user.upload(input, kb('logo.png', 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo must be at most 1,024 kB.');
    expect(calls).toEqual([]);
    await expectNoAxeViolations(container);
    await user.upload(input, kb('logo.png', 1024 * 1024));
    await waitFor(() => {
      expect(calls).toContain('POST /promologo/upload');
    });
    // (The multipart fields are checked by the journey: jsdom's File does not pass undici's FormData parser.)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('The logo is ready.')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Logo of contoso' })).toHaveAttribute(
      'src',
      '/promologo/3/header/logo.png',
    );
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Delete logo' }));
    await waitFor(() => {
      expect(calls).toContain('POST /api/promo/deletelogo/3/header');
    });
  });

  it('is read-only for someone who is not a team admin', async () => {
    const { container } = setUp({}, false, { ...site, IsActive: true });
    expect(screen.getByRole('switch', { name: 'Active' })).toBeDisabled();
    expect(screen.getByText('Only team admins can change promo sites.')).toBeVisible();
    expect(container.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete logo' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});
