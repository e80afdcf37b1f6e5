import { resetSdkConfig } from '@assessment/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { CreatePssRequestDialog } from './CreatePssRequestDialog';

const ok = { StatusCode: 200, ResourceKey: null, ErrorState: null, Message: null, Data: null };

function setUp(answer: unknown = ok, projectId?: number) {
  const api = fakeApi({ 'POST /PSSRequest/SendPSSRequest': answer });
  const onClose = vi.fn();
  const onSent = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <CreatePssRequestDialog
      {...(projectId !== undefined ? { projectId } : {})}
      onClose={onClose}
      onSent={onSent}
    />,
  );
  return { ...api, onClose, onSent, user };
}

const heading = (name: string) => screen.findByRole('heading', { level: 3, name });
const next = () => screen.getByRole('button', { name: 'Next' });

async function chooseTheatre(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: /Theatre/ }));
  await user.click(await screen.findByRole('option', { name }));
}

beforeEach(() => {
  window.matchMedia = vi.fn(() => ({
    matches: true, // reduced motion: the stepper moves at once
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  resetSdkConfig();
});

describe('CreatePssRequestDialog (CreatePSSRequest)', () => {
  it('refuses each step until its required fields are filled, keeps everything on going back, submits the form data', async () => {
    const { user, calls, fetchMock, onClose, onSent } = setUp(ok, 1402);
    await heading('Account');
    await expectNoAxeViolations(document.body);
    // Step 0: AccountName and Theatre.
    await user.click(next());
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 3, name: 'Account' })).toBeVisible();
    await expectNoAxeViolations(document.body);
    await user.type(screen.getByRole('textbox', { name: /Account name/ }), 'Contoso Ltd');
    await user.click(next());
    expect(screen.getByRole('heading', { level: 3, name: 'Account' })).toBeVisible();
    await chooseTheatre(user, 'Europe, Middle East and Africa');
    await user.click(next());
    await heading('Contacts');
    // Step 1: phone number.
    await user.click(next());
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Contacts' })).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '+44 20 7946 0321');
    await user.click(next());
    await heading('Confirm and submit');
    // Back and forth: nothing typed is lost.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await heading('Contacts');
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('+44 20 7946 0321');
    await user.click(next());
    await heading('Confirm and submit');
    expect(screen.getByText('Contoso Ltd', { selector: 'dd' })).toBeVisible();
    expect(screen.getByText('Europe, Middle East and Africa', { selector: 'dd' })).toBeVisible();
    // Step 2: CaseSubject.
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(calls).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Case subject/ }), 'Sizing for SQL');
    await user.click(screen.getByRole('checkbox', { name: /special instructions/ }));
    await user.type(screen.getByRole('textbox', { name: /Special instructions/ }), 'Call first');
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => {
      expect(onSent).toHaveBeenCalledTimes(1);
    });
    expect(onClose).toHaveBeenCalled();
    const request = fetchMock.mock.calls[0]![0] as Request;
    const sent = new URLSearchParams(await request.text());
    expect(Object.fromEntries(sent)).toEqual({
      ProjectId: '1402',
      AccountName: 'Contoso Ltd',
      Theatre: 'EMEA',
      RequesterPhoneNumber: '+44 20 7946 0321',
      CaseSubject: 'Sizing for SQL',
      HasSpecialInstructions: 'true',
      SpecialInstructions: 'Call first',
    });
  }, 30_000);

  it('a failed request keeps the dialog and everything typed (keyboard only)', async () => {
    const { user, calls, onClose, onSent } = setUp(
      Response.json(
        { StatusCode: 500, ResourceKey: 'generalError', ErrorState: null, Message: null, Data: null },
        {
          status: 500,
        },
      ),
    );
    await heading('Account');
    // Keyboard: the name field has focus order before the theatre select.
    await user.click(screen.getByRole('textbox', { name: /Account name/ }));
    await user.keyboard('Fabrikam');
    await user.tab();
    expect(screen.getByRole('button', { name: /Theatre/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const option = await screen.findByRole('option', { name: 'North America' });
    await waitFor(() => {
      expect(option).toHaveFocus();
    });
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: /Theatre/ })).toHaveTextContent('North America');
    });
    next().focus();
    await user.keyboard('{Enter}');
    await heading('Contacts');
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '555-0100');
    await user.keyboard('{Enter}');
    next().focus();
    await user.keyboard('{Enter}');
    await heading('Confirm and submit');
    await user.type(screen.getByRole('textbox', { name: /Case subject/ }), 'Storage sizing');
    screen.getByRole('button', { name: 'Submit request' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(calls).toEqual(['POST /PSSRequest/SendPSSRequest']);
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Submit request' })).toBeEnabled();
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Case subject/ })).toHaveValue('Storage sizing');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await heading('Contacts');
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('555-0100');
  }, 30_000);
});
