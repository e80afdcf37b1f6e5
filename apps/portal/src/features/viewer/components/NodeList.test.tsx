import type { ViewerNode } from '@assessment/sdk';
import { screen, waitFor, within } from '@testing-library/react';
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

  it('a total line says how many nodes count; a long list shows its first 10 and the rest on demand', async () => {
    fakeApi({});
    const many: ViewerNode[] = Array.from({ length: 12 }, (_, i) => ({
      NodeId: `srv-${String(i)}`,
      Name: `SRV${String(i)}`,
      Kind: 'server',
      Enabled: i % 4 !== 0,
    }));
    const { container } = renderWithProviders(<NodeList projectId={7} nodes={many} canEdit={false} />);
    expect(await screen.findByTestId('viewer-nodes-total')).toHaveTextContent(
      '12 nodes, 9 included in the totals.',
    );
    const table = screen.getByRole('table', { name: 'Nodes' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show each node (12)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByRole('button', { name: 'Show the first 10 only' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expectNoAxeViolations(container);
  });

  it('a short list shows every node, with no button', async () => {
    fakeApi({});
    renderWithProviders(<NodeList projectId={7} nodes={NODES} canEdit={false} />);
    expect(await screen.findByTestId('viewer-nodes-total')).toHaveTextContent(
      '2 nodes, 1 included in the totals.',
    );
    expect(within(screen.getByRole('table', { name: 'Nodes' })).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
