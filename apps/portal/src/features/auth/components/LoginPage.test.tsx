import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/render';
import { LoginPage } from './LoginPage';

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }));

describe('LoginPage', () => {
  it('a later email-format error replaces the last attempt’s “email or password” error', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'POST /api/auth/signin': new Response(
        JSON.stringify({
          StatusCode: 401,
          ResourceKey: null,
          ErrorState: { ErrorCode: 'invalid_credentials' },
          Message: null,
          Data: null,
        }),
        { status: 401, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    renderWithProviders(<LoginPage returnUrl={undefined} logout={undefined} getmessage={undefined} />);
    const email = screen.getByRole('textbox', { name: /Email/ });
    await user.type(email, 'jane@contoso.example');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email or password is not correct.')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/auth/signin']);

    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByText('The email or password is not correct.')).not.toBeInTheDocument();
    });
    expect(calls).toHaveLength(1);
  });

  it('an account whose address is not confirmed gets its own message and can have the link sent again (issue #32)', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'POST /api/auth/signin': new Response(
        JSON.stringify({
          StatusCode: 403,
          ResourceKey: 'account_email_not_confirmed',
          ErrorState: { ErrorCode: 'account_email_not_confirmed' },
          Message: null,
          Data: null,
        }),
        { status: 403, headers: { 'Content-Type': 'application/json' } },
      ),
      'POST /api/register/resend': {
        StatusCode: 200,
        ResourceKey: null,
        ErrorState: null,
        Message: null,
        Data: null,
      },
    });
    renderWithProviders(<LoginPage returnUrl={undefined} logout={undefined} getmessage={undefined} />);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'pending@fabrikam.example');
    await user.type(screen.getByLabelText(/Password/), 'Tangerine-Orbit-58');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(
        'Your email address is not confirmed yet. Follow the link we mailed to you, or have it sent again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('The email or password is not correct.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('A new link is on its way to pending@fabrikam.example. Check your mailbox.'),
    ).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/auth/signin', 'POST /api/register/resend']);
  });
});
