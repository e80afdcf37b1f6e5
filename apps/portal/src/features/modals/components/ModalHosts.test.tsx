import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/render';
import { ModalHosts } from './ModalHosts';

const search: { current: Record<string, unknown> } = { current: {} };
const navigate = vi.fn(() => Promise.resolve());
vi.mock('@tanstack/react-router', () => ({
  useSearch: () => search.current,
  useNavigate: () => navigate,
}));
vi.mock('@/features/auth', () => ({ useViewer: () => ({ isPublic: false, pendingTerms: null }) }));

beforeEach(() => {
  navigate.mockClear();
});

describe('ModalHosts: ?modal=CollectorInfo', () => {
  it('opens the collector download dialog (with modalsize), not the server-rendered placeholder', async () => {
    search.current = { modal: 'CollectorInfo', modalsize: 'large' };
    const { calls } = fakeApi({
      'GET /api/collectors/templates': [
        { CollectorTemplateId: 4, Name: 'Windows collector (x64)', Platform: 'windows' },
      ],
    });
    renderWithProviders(<ModalHosts />);
    const dialog = await screen.findByRole('dialog', { name: 'Download a collector' });
    expect(dialog).toHaveAttribute('data-size', 'large');
    expect(await screen.findByRole('option', { name: 'Windows collector (x64)' })).toBeInTheDocument();
    expect(calls.some((call) => call.startsWith('GET /modal/'))).toBe(false);

    // Closing takes the modal parameters out of the URL.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith({ href: '/', replace: true });
    });
  });
});
