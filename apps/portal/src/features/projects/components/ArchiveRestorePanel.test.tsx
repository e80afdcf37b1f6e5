import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/render';
import { ArchiveRestorePanel } from './ArchiveRestorePanel';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const envelope = (CurrentStatusString: string, ProgressPercentage: number) => ({
  StatusCode: 200,
  ResourceKey: null,
  ErrorState: null,
  Message: null,
  Data: { CurrentStatusString, ProgressPercentage },
});

beforeEach(() => {
  navigate.mockClear();
  window.assessmentArchivePollMs = 20;
});
afterEach(() => {
  delete window.assessmentArchivePollMs;
});

describe('ArchiveRestorePanel (spec part 4)', () => {
  it('sends the request on click, shows the working label and the progress, flips and goes to the viewer', async () => {
    const status = { current: envelope('ArchivingInProgress', 35) };
    const { calls } = fakeApi({
      'POST /api/project/archive/7': envelope('PendingArchive', 0),
      get 'GET /api/project/archive/7'() {
        return status.current;
      },
    });
    renderWithProviders(<ArchiveRestorePanel projectId={7} initialStatus={null} from="details" />);
    expect(screen.getByTestId('project-status')).toHaveTextContent('Available');
    await userEvent.click(screen.getByRole('button', { name: 'Archive project' }));
    expect(calls).toContain('POST /api/project/archive/7');
    const working = await screen.findByRole('button', { name: 'Archiving…' });
    expect(working).toBeDisabled();
    const bar = await screen.findByRole('progressbar');
    await waitFor(() => {
      expect(bar).toHaveAttribute('aria-valuenow', '35');
    });
    expect(screen.getByTestId('project-status')).toHaveTextContent('Archiving');

    status.current = envelope('Archived', 100);
    expect(await screen.findByRole('button', { name: 'Restore project' })).toBeEnabled();
    expect(screen.getByTestId('project-status')).toHaveTextContent('Archived');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith({ to: '/dpackviewer/$projectId', params: { projectId: 7 } });
    });
  });
});
