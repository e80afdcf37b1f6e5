import type { User } from '@assessment/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { UserGroupBar } from './UserGroupBar';

const person = (id: number, email: string, status: User['Status']): User =>
  ({
    UserId: id,
    Email: email,
    FirstName: 'Test',
    LastName: String(id),
    Role: 'EndUser',
    Status: status,
    CompanyName: 'Contoso',
    PrimaryRepEmail: null,
  }) as User;

const ACTIVE = [person(1, 'a@contoso.example', 'Active'), person(2, 'b@contoso.example', 'Inactive')];

function setup(selected: readonly User[], answer?: unknown) {
  const onDone = vi.fn();
  const showMessage = vi.fn();
  const confirm = vi.fn((_key: string, onConfirm: () => void) => {
    onConfirm();
  });
  const api = fakeApi({
    'POST /api/group/accounts': answer ?? {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: {
        Status: 'partialsuccess',
        PartialErrorList: [{ ObjectDisplayName: 'b@contoso.example', ErrorMessage: 'operationnotallowed' }],
        ResourceKey: 'useraccounts_disabled',
      },
    },
    'GET /api/message/user_already_assigned_to_team': {
      title: 'Already in a team',
      message: 'This user is already assigned to a team.',
      actions: ['OK'],
    },
    'GET /api/message/user_already_team_admin': {
      title: 'Already a team admin',
      message: 'This user is already an admin of a team.',
      actions: ['OK'],
    },
    'GET /api/message/useraccounts_disabled': {
      title: 'Accounts disabled',
      message: 'The selected accounts were disabled.',
      actions: ['OK'],
    },
  });
  const view = renderWithProviders(
    <UserGroupBar selected={selected} onDone={onDone} showMessage={showMessage} confirm={confirm} />,
  );
  return { ...view, ...api, onDone, showMessage, confirm };
}

const bodies = async (fetchMock: ReturnType<typeof vi.fn>) =>
  Promise.all(
    fetchMock.mock.calls
      .map(([input]) => input as Request)
      .filter((r) => r.url.endsWith('/api/group/accounts'))
      .map((r) => r.clone().json() as Promise<unknown>),
  );

describe('UserGroupBar (group account actions)', () => {
  it('offers disable, not enable, for enabled users; enable, not disable, for disabled ones', async () => {
    const { container, unmount } = setup(ACTIVE);
    expect(screen.getByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enable' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
    unmount();
    setup([person(3, 'c@contoso.example', 'AdminDisabled')]);
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
  });

  it('the disable note counts live, warns over 500 and is not sent until shortened; the result names the failures', async () => {
    const user = userEvent.setup();
    const { fetchMock, onDone } = setup(ACTIVE);
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable users' });
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await user.type(note, 'Left');
    expect(within(dialog).getByText('496 of 500 characters remaining')).toBeInTheDocument();
    fireEvent.change(note, { target: { value: 'x'.repeat(502) } });
    expect(within(dialog).getByText('2 characters over the limit of 500')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('longer than 500 characters');
    await expectNoAxeViolations(document.body);
    await user.click(within(dialog).getByRole('button', { name: 'Disable users' }));
    expect(await bodies(fetchMock)).toEqual([]);

    fireEvent.change(note, { target: { value: 'x'.repeat(500) } });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Disable users' }));
    const result = await screen.findByRole('dialog', { name: 'Partly done' }, { timeout: 3000 });
    expect(await within(result).findByText('The selected accounts were disabled.')).toBeInTheDocument();
    expect(within(result).getByRole('listitem')).toHaveTextContent('b@contoso.example');
    expect(await bodies(fetchMock)).toEqual([
      { actionType: 'disable', disableNote: 'x'.repeat(500), accountIds: [1, 2] },
    ]);
    expect(onDone).toHaveBeenCalled();
    await expectNoAxeViolations(document.body);
  });

  it('an action refreshes the user list from the query cache (listUsers invalidated)', async () => {
    const user = userEvent.setup();
    const { queryClient } = setup([person(3, 'c@contoso.example', 'Disabled')], {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: { Status: 'success', PartialErrorList: [], ResourceKey: 'useraccounts_enabled' },
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    await screen.findByRole('dialog', { name: 'Done' }, { timeout: 3000 });
    const filter = invalidate.mock.calls[0]?.[0] as unknown as {
      predicate: (q: { queryKey: unknown[] }) => boolean;
    };
    expect(filter.predicate({ queryKey: [{ _id: 'listUsers', query: {} }] })).toBe(true);
    expect(filter.predicate({ queryKey: [{ _id: 'listProjects' }] })).toBe(false);
  });

  it('add to team refuses emails on more than one domain (addToTeamEmailsDontMatch) without a call', async () => {
    const user = userEvent.setup();
    const { fetchMock, showMessage } = setup([ACTIVE[0]!, person(4, 'd@fabrikam.example', 'Active')]);
    await user.click(screen.getByRole('button', { name: 'Add to team' }));
    expect(showMessage).toHaveBeenCalledWith('addToTeamEmailsDontMatch');
    expect(await bodies(fetchMock)).toEqual([]);
  });

  it('add to team checks the common domain first (checkaddtoteam), then opens the team step', async () => {
    const user = userEvent.setup();
    const { fetchMock } = setup(ACTIVE, {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: { Status: 'success', PartialErrorList: [], ResourceKey: null },
    });
    await user.click(screen.getByRole('button', { name: 'Add to team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to team' });
    expect(within(dialog).getByText('Users of contoso.example')).toBeInTheDocument();
    expect(await bodies(fetchMock)).toEqual([
      { actionType: 'checkaddtoteam', AccountIds: [1, 2], Domain: 'contoso.example' },
    ]);
  });

  it('reassign without a new primary rep answers validate_info (keyboard only)', async () => {
    const user = userEvent.setup();
    const { showMessage, confirm } = setup(ACTIVE);
    screen.getByRole('button', { name: 'Reassign primary rep' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reassign primary rep' });
    expect(dialog).toBeInTheDocument();
    within(dialog).getByRole('button', { name: 'Reassign' }).focus();
    await user.keyboard('{Enter}');
    expect(showMessage).toHaveBeenCalledWith('validate_info');
    expect(confirm).not.toHaveBeenCalled();
    await expectNoAxeViolations(document.body);
  });

  it('change role offers the roles of the account’s team kind and sends nothing before the choice is confirmed', async () => {
    const user = userEvent.setup();
    const member = { ...person(5, 'e@contoso.example', 'Active'), Role: 'ChannelPartnerTeamMember' } as User;
    const { fetchMock } = setup([member], {
      StatusCode: 200,
      ResourceKey: 'useraccounts_user_promoted',
      ErrorState: null,
      Message: null,
      Data: { Status: 'success', PartialErrorList: [], ResourceKey: null },
    });
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(await bodies(fetchMock)).toEqual([]);
    expect(within(dialog).getByRole('radio', { name: 'Partner team member (current role)' })).toBeDisabled();
    const submit = within(dialog).getByRole('button', { name: 'Change role' });
    expect(submit).toBeDisabled();
    await expectNoAxeViolations(document.body);
    await user.click(within(dialog).getByRole('radio', { name: 'Partner team admin' }));
    expect(within(dialog).getByText('1 user will become Partner team admin.')).toBeInTheDocument();
    expect(await bodies(fetchMock)).toEqual([]);
    await user.click(submit);
    const result = await screen.findByRole('dialog', { name: 'Done' }, { timeout: 3000 });
    expect(within(result).getByText('1 user is now Partner team admin.')).toBeInTheDocument();
    expect(await bodies(fetchMock)).toEqual([
      { actionType: 'changerole', role: 'ChannelPartnerTeamAdmin', accountIds: [5] },
    ]);
  });

  it('change role offers no role to end users (they have no team role)', async () => {
    const user = userEvent.setup();
    setup([person(6, 'f@contoso.example', 'Active')]);
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('have no team role to choose');
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change role' })).toBeDisabled();
  });

  it('a failed add to team names each user with the server’s own message for its key', async () => {
    const user = userEvent.setup();
    setup(ACTIVE, {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: {
        Status: 'failure',
        PartialErrorList: [
          { ObjectDisplayName: 'a@contoso.example', ErrorMessage: 'user_already_assigned_to_team' },
          { ObjectDisplayName: 'b@contoso.example', ErrorMessage: 'user_already_team_admin' },
        ],
        ResourceKey: null,
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add to team' }));
    const result = await screen.findByRole('dialog', { name: 'Not done' }, { timeout: 3000 });
    const items = within(result).getAllByRole('listitem');
    await waitFor(() => {
      expect(items.map((item) => item.textContent)).toEqual([
        'a@contoso.example: This user is already assigned to a team.',
        'b@contoso.example: This user is already an admin of a team.',
      ]);
    });
  });

  it('a successful action says what was done, to how many users', async () => {
    const user = userEvent.setup();
    setup([person(3, 'c@contoso.example', 'Disabled'), person(4, 'd@contoso.example', 'Disabled')], {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: { Status: 'success', PartialErrorList: [], ResourceKey: null },
    });
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    const result = await screen.findByRole('dialog', { name: 'Done' }, { timeout: 3000 });
    expect(within(result).getByText('2 users were enabled.')).toBeInTheDocument();
  });
});
