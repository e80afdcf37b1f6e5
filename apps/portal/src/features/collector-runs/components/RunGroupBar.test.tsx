import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { RunGroupBar } from './RunGroupBar';

const GROUP = [
  { Id: 11, Name: 'Berlin SQL', OwnerEmail: 'jane@contoso.example' },
  { Id: 12, Name: 'Paris VDI', OwnerEmail: 'jane@contoso.example' },
];

function setup(group = GROUP) {
  const onGroupChange = vi.fn();
  const showMessage = vi.fn();
  const confirm = vi.fn((_key: string, onConfirm: () => void) => {
    onConfirm();
  });
  const api = fakeApi({
    'POST /api/group/collectorruns': {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: {
        Status: 'partialsuccess',
        PartialErrorList: [{ ObjectDisplayName: 'Paris VDI', ErrorMessage: 'collectorArchiveError' }],
        ResourceKey: 'groupCollectorRunArchiveError',
      },
    },
    'GET /api/message/groupCollectorRunArchiveError': {
      title: 'Some runs were not archived',
      message: 'Running runs cannot be archived.',
      actions: ['OK'],
    },
  });
  const view = renderWithProviders(
    <RunGroupBar group={group} onGroupChange={onGroupChange} showMessage={showMessage} confirm={confirm} />,
  );
  return { ...view, ...api, onGroupChange, showMessage, confirm };
}

describe('RunGroupBar (the collector-run group of the run search)', () => {
  it('lists the group by name and owner; archive confirms first, then shows a partial success by name and key', async () => {
    const user = userEvent.setup();
    const { container, confirm, fetchMock, onGroupChange } = setup();
    const items = screen.getByRole('list', { name: 'Runs in the group' });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Berlin SQL jane@contoso.example'),
      expect.stringContaining('Paris VDI jane@contoso.example'),
    ]);
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Archive group' }));
    expect(confirm).toHaveBeenCalledWith('confirmArchiveCR', expect.any(Function));
    const result = await screen.findByRole('dialog', { name: 'Partly done' });
    expect(await within(result).findByText('Running runs cannot be archived.')).toBeInTheDocument();
    expect(within(result).getByRole('listitem')).toHaveTextContent('Paris VDI');
    const request = fetchMock.mock.calls
      .map(([input]) => input as Request)
      .find((r) => r.url.endsWith('/api/group/collectorruns'));
    expect(await request?.clone().json()).toEqual({ actionType: 'archive', collectorRunIds: [11, 12] });
    // Not everything was done: the group stays for another try.
    expect(onGroupChange).not.toHaveBeenCalled();
    await expectNoAxeViolations(document.body);
  });

  it('an empty group answers CRsRequired for every action and cannot be cleared', async () => {
    const user = userEvent.setup();
    const { showMessage, fetchMock } = setup([]);
    for (const name of ['Archive group', 'Add to project', 'New project from group']) {
      await user.click(screen.getByRole('button', { name }));
    }
    expect(showMessage.mock.calls).toEqual([['CRsRequired'], ['CRsRequired'], ['CRsRequired']]);
    expect(screen.getByRole('button', { name: 'Clear group' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('removes one run or clears the group from the keyboard', async () => {
    const user = userEvent.setup();
    const { onGroupChange } = setup();
    screen.getByRole('button', { name: 'Remove Berlin SQL from the group' }).focus();
    await user.keyboard('{Enter}');
    expect(onGroupChange).toHaveBeenLastCalledWith([GROUP[1]]);
    screen.getByRole('button', { name: 'Clear group' }).focus();
    await user.keyboard(' ');
    expect(onGroupChange).toHaveBeenLastCalledWith([]);
  });
});
