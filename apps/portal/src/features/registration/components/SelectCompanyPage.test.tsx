import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { SelectCompanyPage } from './SelectCompanyPage';
import { CLEAR } from './test-answers';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const answer = (admins: string[]) => ({
  ...CLEAR,
  CompaniesWithSameDomain: [
    { CompanyId: 12, Name: 'Litware East', TeamAdmins: admins.map((Email) => ({ Email })) },
    { CompanyId: 13, Name: 'Litware West', TeamAdmins: [] },
  ],
});

describe('SelectCompanyPage', () => {
  beforeEach(() => {
    navigate.mockReset();
  });

  it('chooses a company by keyboard and continues into stage two of the registration with it', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ 'GET /api/contact/check': answer([]) });
    renderWithProviders(<SelectCompanyPage email="me@litware.example" type="partner-register" />);
    const dialog = await screen.findByRole('dialog', { name: 'Select company' });
    expect(await screen.findByRole('radio', { name: 'Litware East' })).toBeInTheDocument();
    expect(calls).toContain('GET /api/contact/check?email=me%40litware.example&p=true');
    expect(screen.getByRole('button', { name: 'Choose' })).toBeDisabled();
    await expectNoAxeViolations(dialog);
    screen.getByRole('radio', { name: 'Litware East' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Litware West' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    expect(navigate).toHaveBeenCalledWith({
      to: '/register/$type',
      params: { type: 'partner-register' },
      search: { email: 'me@litware.example', companyId: 13 },
    });
  });

  it('an invalid email gives invalid_email and is never looked up', async () => {
    const { calls } = fakeApi({
      'GET /api/message/invalid_email': {
        title: 'Invalid email',
        message: 'Enter a valid email.',
        actions: ['OK'],
      },
    });
    renderWithProviders(<SelectCompanyPage email="not-an-email" type="user-register" />);
    expect(await screen.findByRole('alertdialog', { name: 'Invalid email' })).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.some((call) => call.includes('/check'))).toBe(false);
    });
  });

  it('shows team admins only when the answer carries them (signed-in callers)', async () => {
    fakeApi({ 'GET /api/capture/check': answer(['east.admin@litware.example']) });
    renderWithProviders(<SelectCompanyPage email="me@litware.example" type="dpack-capture" />);
    expect(await screen.findByText(/east\.admin@litware\.example/)).toBeInTheDocument();
  });
});
