import type { ViewerNode } from '@assessment/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { NodeList } from './NodeList';

const NODES: ViewerNode[] = [
  { NodeId: 'srv-1', Name: 'SQL01', Kind: 'server', Enabled: true },
  { NodeId: 'csv-1', Name: 'CSV-01', Kind: 'storage', Enabled: false },
];

describe('NodeList', () => {
  it('an editor leaves a node out from the keyboard; the node and totals queries are refetched', async () => {
    const { calls } = fakeApi({
      'PUT /api/projects/7/viewer/nodes/srv-1': {
        StatusCode: 200,
        ResourceKey: null,
        ErrorState: null,
        Message: null,
        Data: { ...NODES[0], Enabled: false },
      },
    });
    const { container, queryClient } = renderWithProviders(<NodeList projectId={7} nodes={NODES} canEdit />);
    // Queries on screen elsewhere (the totals of this project and of another one).
    const mine = [{ _id: 'getProjectSeriesSummary', path: { id: 7 } }];
    const other = [{ _id: 'getProjectSeriesSummary', path: { id: 8 } }];
    queryClient.setQueryData(mine, {});
    queryClient.setQueryData(other, {});
    const sql = screen.getByRole('checkbox', { name: 'Include SQL01 in the totals' });
    expect(sql).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include CSV-01 in the totals' })).not.toBeChecked();
    await expectNoAxeViolations(container);
    const user = userEvent.setup();
    // The table's scroll region first (it scrolls sideways on a phone), then the first node's checkbox.
    await user.tab();
    await user.tab();
    expect(sql).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => {
      expect(calls).toContain('PUT /api/projects/7/viewer/nodes/srv-1?enabled=false');
    });
    await waitFor(() => {
      expect(queryClient.getQueryState(mine)?.isInvalidated).toBe(true);
    });
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
  });

  it('read-only for everyone else: the states are words', async () => {
    fakeApi({});
    const { container } = renderWithProviders(<NodeList projectId={7} nodes={NODES} canEdit={false} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('row', { name: /SQL01/ })).toHaveTextContent('Yes');
    expect(screen.getByRole('row', { name: /CSV-01/ })).toHaveTextContent('No');
    await expectNoAxeViolations(container);
  });
});
