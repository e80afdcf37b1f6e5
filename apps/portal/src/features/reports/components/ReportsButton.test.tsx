import { resetSdkConfig } from '@assessment/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { ReportsButton } from './ReportsButton';

afterEach(() => {
  resetSdkConfig();
});

describe('ReportsButton', () => {
  it('opens the lazily loaded reports dialog from the keyboard; Cancel closes it and focus returns', async () => {
    fakeApi({
      'GET /api/opticalprime/7/reports/serversAndSharedClusterDisks': { ServerList: [], ClusterDiskList: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<ReportsButton projectId={7} projectName="Contoso" />);
    const open = screen.getByRole('button', { name: 'Reports' });
    await expectNoAxeViolations(document.body);
    await user.tab();
    expect(open).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reports' }, { timeout: 10_000 });
    expect(dialog).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Reports' })).toBeNull();
    });
    await waitFor(() => {
      expect(open).toHaveFocus();
    });
  }, 30_000);
});
