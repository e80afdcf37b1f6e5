import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { ConfirmPage } from './ConfirmPage';

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }));

const TOKEN = 'q3Zt0yX9lM2bV8cN1aP4rS7uW0eH5jK6gF3dQ2wE1rT';
const refusal = (status: number, key: string) =>
  new Response(
    JSON.stringify({
      StatusCode: status,
      ResourceKey: key,
      ErrorState: { ErrorCode: key },
      Message: null,
      Data: null,
    }),
    { status, headers: { 'Content-Type': 'application/json' } },
  );

function renderPage(token: string | undefined) {
  return renderWithProviders(
    <Suspense fallback={<p>Loading</p>}>
      <ConfirmPage token={token} />
    </Suspense>,
  );
}

describe('ConfirmPage (issue #32)', () => {
  it('confirms the link once and leads to sign-in', async () => {
    const { calls } = fakeApi({
      'POST /api/register/confirm': {
        StatusCode: 200,
        ResourceKey: null,
        ErrorState: null,
        Message: null,
        Data: { Email: 'new.person@fabrikam.example' },
      },
    });
    const { container } = renderPage(TOKEN);
    expect(
      await screen.findByText('Your address new.person@fabrikam.example is confirmed. You can sign in now.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
    expect(calls.filter((c) => c === 'POST /api/register/confirm')).toHaveLength(1);
    await expectNoAxeViolations(container);
  });

  it('a used link says so in the server’s words and leads to sign-in', async () => {
    fakeApi({
      'POST /api/register/confirm': refusal(410, 'register_confirm_used'),
      'GET /api/message/register_confirm_used': {
        title: 'Link already used',
        message: 'This confirmation link has been used already.',
        actions: ['OK'],
      },
    });
    const { container } = renderPage(TOKEN);
    expect(await screen.findByText('Link already used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('an expired link offers a new one for the email typed', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'POST /api/register/confirm': refusal(410, 'register_confirm_expired'),
      'GET /api/message/register_confirm_expired': {
        title: 'Confirmation link expired',
        message: 'This confirmation link has expired.',
        actions: ['OK'],
      },
      'POST /api/register/resend': {
        StatusCode: 200,
        ResourceKey: null,
        ErrorState: null,
        Message: null,
        Data: null,
      },
    });
    const { container } = renderPage(TOKEN);
    expect(await screen.findByText('Confirmation link expired')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'late@fabrikam.example');
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('A new link is on its way to late@fabrikam.example. Check your mailbox.'),
    ).toBeInTheDocument();
    expect(calls).toContain('POST /api/register/resend');
    await expectNoAxeViolations(container);
  });

  it('without a well-formed token it calls nothing and treats the link as unknown', async () => {
    const { calls } = fakeApi({
      'GET /api/message/register_confirm_invalid': {
        title: 'Confirmation link not valid',
        message: 'This confirmation link is not valid.',
        actions: ['OK'],
      },
    });
    renderPage(undefined);
    expect(await screen.findByText('Confirmation link not valid')).toBeInTheDocument();
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });
});
