import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { CountryModal } from './CountryModal';

const COUNTRIES = [
  { CountryId: 124, Name: 'Canada', Code: 'CA' },
  { CountryId: 276, Name: 'Germany', Code: 'DE' },
];
const OK = { StatusCode: 200, ResourceKey: null, ErrorState: null, Message: null, Data: null };

describe('CountryModal', () => {
  it('needs a country before it sends; then saves it with the keyboard alone', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'GET /api/countries': COUNTRIES, 'PUT /api/account/country/276': OK });
    renderWithProviders(<CountryModal onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Choose your country' });
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('combobox', { name: /Country/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: /Country/ }));
    await user.keyboard('Germany');
    await user.tab();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => {
      expect(api.calls).toContain('PUT /api/account/country/276');
    });
  });

  it('"Cancel" postpones it', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/countries': COUNTRIES });
    const onClose = vi.fn();
    renderWithProviders(<CountryModal onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
