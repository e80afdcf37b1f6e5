import type { KeyCollector } from '@assessment/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '@/test/axe';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/render';
import { KeyCollectorsPage } from './KeyCollectorsPage';

describe('KeyCollectorsPage (RSA-key collector enable/disable page)', () => {
  it('states as words; disable behind confirm_disable_collector (keyboard), the list reloads', async () => {
    const keys: KeyCollector[] = [
      { KeyId: 'rsa-1', IsEnabled: true, Name: 'Contoso remote', CreatedDate: '2026-09-14T08:00:00Z' },
      { KeyId: 'rsa-2', IsEnabled: false, Name: 'Branch office', CreatedDate: '2026-06-02T15:30:00Z' },
    ];
    const { calls } = fakeApi({
      get 'GET /api/keycollectors'() {
        return keys.map((key) => ({ ...key }));
      },
      get 'POST /api/collector/rsa-1'() {
        keys[0]!.IsEnabled = false;
        return {
          StatusCode: 200,
          ResourceKey: null,
          ErrorState: null,
          Message: null,
          Data: { KeyId: 'rsa-1', IsEnabled: false },
        };
      },
      'GET /api/message/confirm_disable_collector': {
        title: 'Disable collector',
        message: 'Do you want to disable this collector?',
        actions: ['Cancel', 'Confirm'],
      },
    });
    const { container } = renderWithProviders(
      <Suspense fallback={null}>
        <KeyCollectorsPage />
      </Suspense>,
    );
    const first = (await screen.findByRole('cell', { name: 'Contoso remote' })).closest('tr')!;
    const second = screen.getByRole('cell', { name: 'Branch office' }).closest('tr')!;
    expect(within(first).getByRole('cell', { name: 'Enabled' })).toBeInTheDocument();
    expect(within(second).getByRole('cell', { name: 'Disabled' })).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/true|false/);
    expect(within(second).getByRole('button', { name: 'Enable Branch office' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    within(first).getByRole('button', { name: 'Disable Contoso remote' }).focus();
    await userEvent.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable collector' });
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(within(first).getByRole('cell', { name: 'Disabled' })).toBeInTheDocument();
    });
    expect(calls).toContain('POST /api/collector/rsa-1?isenabled=false');
    expect(calls.filter((call) => call === 'GET /api/keycollectors')).toHaveLength(2);
    expect(screen.getByText('Contoso remote is disabled.')).toHaveAttribute('role', 'status');
    await expectNoAxeViolations(container);
  });
});
