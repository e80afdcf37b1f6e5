import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/render';
import { TermsModal } from './TermsModal';

const navigate = vi.fn();
const endSession = vi.fn(() => Promise.resolve());

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));
vi.mock('@/features/auth', () => ({
  useViewer: () => ({
    isPublic: false,
    user: { id: 5 },
    team: null,
    culture: 'en-US',
    pendingTerms: 'EULANeeded',
  }),
  useEndSession: () => endSession,
  viewerQuery: () => ({ queryKey: ['viewer'] }),
}));

const ok = (message: string | null) => ({
  StatusCode: 200,
  ResourceKey: null,
  ErrorState: null,
  Message: message,
  Data: null,
});

describe('TermsModal (spec part 4)', () => {
  beforeEach(() => {
    navigate.mockReset();
    endSession.mockClear();
  });

  it('accept leads to the partner terms page when the answer says PartnerTCNeeded', async () => {
    const { calls } = fakeApi({
      'GET /modal/EULANeeded': '<p>The EULA text</p>',
      'PUT /api/account/5/TCAccepted/true': ok('PartnerTCNeeded'),
    });
    renderWithProviders(<TermsModal kind="EULANeeded" />);
    expect(await screen.findByText('The EULA text')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith({
        href: '/account/PartnerTCNeeded?modal=PartnerTCNeeded',
        replace: true,
      });
    });
    expect(calls).toContain('PUT /api/account/5/TCAccepted/true');
    expect(endSession).not.toHaveBeenCalled();
  });

  it('accept leads to /dashboard otherwise', async () => {
    fakeApi({
      'GET /modal/EULANeeded': '<p>The EULA text</p>',
      'PUT /api/account/5/TCAccepted/true': ok(null),
    });
    renderWithProviders(<TermsModal kind="EULANeeded" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith({ href: '/dashboard', replace: true });
    });
  });

  it('decline records the refusal and logs out', async () => {
    const { calls } = fakeApi({
      'GET /modal/PartnerTCNeeded': '<p>Partner terms</p>',
      'PUT /api/account/5/TCAccepted/false': ok(null),
    });
    renderWithProviders(<TermsModal kind="PartnerTCNeeded" />);
    expect(await screen.findByRole('dialog', { name: 'Partner terms and conditions' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => {
      expect(endSession).toHaveBeenCalledWith('declined');
    });
    expect(calls).toContain('PUT /api/account/5/TCAccepted/false');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a click outside the unaccepted modal counts as decline', async () => {
    fakeApi({
      'GET /modal/EULANeeded': '<p>The EULA text</p>',
      'PUT /api/account/5/TCAccepted/false': ok(null),
    });
    renderWithProviders(<TermsModal kind="EULANeeded" />);
    await screen.findByText('The EULA text');
    const overlay = document.querySelector('.ui-dialog-overlay');
    expect(overlay).not.toBeNull();
    await userEvent.click(overlay!);
    await waitFor(() => {
      expect(endSession).toHaveBeenCalledWith('declined');
    });
  });
});
