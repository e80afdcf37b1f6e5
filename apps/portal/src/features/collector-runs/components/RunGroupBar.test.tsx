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

const PARTIAL = {
  StatusCode: 200,
  ResourceKey: null,
  ErrorState: null,
  Message: null,
  Data: {
    Status: 'partialsuccess',
    PartialErrorList: [{ ObjectDisplayName: 'Paris VDI', ErrorMessage: 'collectorArchiveError' }],
    ResourceKey: 'groupCollectorRunArchiveError',
  },
};

function setup(group = GROUP, answer: unknown = PARTIAL) {
  const onGroupChange = vi.fn();
  const showMessage = vi.fn();
  const confirm = vi.fn((_key: string, onConfirm: () => void) => {
    onConfirm();
  });
  const api = fakeApi({
    'POST /api/group/collectorruns': answer,
    'GET /api/message/collectorArchiveError': {
      title: 'Archive failed',
      message: 'The collector run could not be archived.',
      actions: ['OK'],
    },
    'GET /api/message/operationnotallowed': {
      title: 'Not allowed',
      message: 'You are not allowed to perform this operation.',
      actions: ['OK'],
    },
    'GET /api/message/projectcreated': {
      title: 'Project created',
      message: 'Your project was created.',
      actions: ['OK'],
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
    expect(await within(result).findByRole('listitem')).toHaveTextContent(
      'Paris VDI: The collector run could not be archived.',
    );
    expect(within(result).getByText('1 collector run was archived.')).toBeInTheDocument();
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

  it('a successful archive says what was done, to how many runs', async () => {
    const user = userEvent.setup();
    const { onGroupChange } = setup(GROUP, {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: { Status: 'success', PartialErrorList: [], ResourceKey: null },
    });
    await user.click(screen.getByRole('button', { name: 'Archive group' }));
    const result = await screen.findByRole('dialog', { name: 'Done' });
    expect(within(result).getByText('2 collector runs were archived.')).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(onGroupChange).toHaveBeenCalledWith([]);
  });

  it('a run already in a project names the server’s reason (operationnotallowed) for that run', async () => {
    const user = userEvent.setup();
    setup(GROUP, {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: {
        Status: 'partialsuccess',
        PartialErrorList: [{ ObjectDisplayName: 'Paris VDI', ErrorMessage: 'operationnotallowed' }],
        ResourceKey: 'projectcreated',
      },
    });
    await user.click(screen.getByRole('button', { name: 'New project from group' }));
    const dialog = await screen.findByRole('dialog', { name: /New project from 2 collector runs/ });
    await user.type(within(dialog).getByRole('textbox', { name: /Project name|Name/ }), 'Q3 review');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    const result = await screen.findByRole('dialog', { name: 'Partly done' });
    expect(await within(result).findByRole('listitem')).toHaveTextContent(
      'Paris VDI: You are not allowed to perform this operation.',
    );
    expect(within(result).getByText('1 collector run was added to the new project.')).toBeInTheDocument();
  });
});
