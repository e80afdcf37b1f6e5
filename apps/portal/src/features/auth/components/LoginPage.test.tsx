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
});
