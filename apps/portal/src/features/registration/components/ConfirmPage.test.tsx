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

const CONFIRMED = (joined: boolean) => ({
  StatusCode: 200,
  ResourceKey: null,
  ErrorState: null,
  Message: null,
  Data: { Email: 'new.person@fabrikam.example', JoinedExistingCompany: joined },
});

/** Types the password and submits the form. */
async function submitPassword(user: ReturnType<typeof userEvent.setup>, password: string) {
  const field = await screen.findByLabelText(/^Password/);
  await user.clear(field);
  await user.type(field, password);
  await user.click(screen.getByRole('button', { name: 'Confirm my address' }));
}

describe('ConfirmPage (issue #32)', () => {
  it('asks for the password chosen at registration, says to ignore the mail if you did not register, and confirms once', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, fetchMock } = fakeApi({ 'POST /api/register/confirm': CONFIRMED(false) });
    const { container } = renderPage(TOKEN);
    expect(
      screen.getByText('To confirm your address, enter the password you chose when you registered.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'If you did not register, ignore this mail — nothing happens. The registration lapses when its link expires.',
      ),
    ).toBeInTheDocument();
    // Nothing is sent before the password is given.
    expect(calls).toEqual([]);
    await expectNoAxeViolations(container);
    await submitPassword(user, 'Quiet-Harbour-2026');
    expect(
      await screen.findByText('Your address new.person@fabrikam.example is confirmed. You can sign in now.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
    expect(calls.filter((c) => c === 'POST /api/register/confirm')).toHaveLength(1);
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(await request.clone().json()).toEqual({ Token: TOKEN, Password: 'Quiet-Harbour-2026' });
    expect(screen.queryByText(/joined that company/)).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('an empty password is refused by the form, nothing sent', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = fakeApi({});
    renderPage(TOKEN);
    await user.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('a wrong password is said in the server’s words; the typed password stays and another try can succeed', async () => {
    const user = userEvent.setup({ delay: null });
    let answer: Response | object = refusal(400, 'register_confirm_wrong_password');
    const { fetchMock } = fakeApi({
      'GET /api/message/register_confirm_wrong_password': {
        title: 'Wrong password',
        message:
          'This is not the password chosen at registration. After 5 wrong passwords the link stops working.',
        actions: ['OK'],
      },
    });
    const inner = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      if (request.method === 'POST') {
        const current = answer;
        return Promise.resolve(current instanceof Response ? current : Response.json(current));
      }
      return inner ? inner(input) : Promise.resolve(new Response('not found', { status: 404 }));
    });
    const { container } = renderPage(TOKEN);
    await submitPassword(user, 'Not-My-Password-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Not-My-Password-1');
    expect(screen.getByRole('button', { name: 'Confirm my address' })).toBeEnabled();
    await expectNoAxeViolations(container);
    answer = CONFIRMED(true);
    await submitPassword(user, 'Quiet-Harbour-2026');
    expect(await screen.findByText(/is confirmed/)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Another registration for your email domain was confirmed first, so you joined that company as a member.',
      ),
    ).toBeInTheDocument();
  });

  it('a used link says so in the server’s words and leads to sign-in', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'POST /api/register/confirm': refusal(410, 'register_confirm_used'),
      'GET /api/message/register_confirm_used': {
        title: 'Link already used',
        message: 'This confirmation link has been used already.',
        actions: ['OK'],
      },
    });
    const { container } = renderPage(TOKEN);
    await submitPassword(user, 'Quiet-Harbour-2026');
    expect(await screen.findByText('Link already used')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('an expired (or spent) link offers a new one for the email typed', async () => {
    const user = userEvent.setup({ delay: null });
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
    await submitPassword(user, 'Quiet-Harbour-2026');
    expect(await screen.findByText('Confirmation link expired')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'late@fabrikam.example');
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(
      await screen.findByText('A new link is on its way to late@fabrikam.example. Check your mailbox.'),
    ).toBeInTheDocument();
    expect(calls).toContain('POST /api/register/resend');
    await expectNoAxeViolations(container);
  });

  it('a company on the domain that may not be joined: the server’s refusal, and a way to register again', async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      'POST /api/register/confirm': refusal(400, 'register_contact_oem'),
      'GET /api/message/register_contact_oem': {
        title: 'OEM company',
        message: 'This domain belongs to an OEM company.',
        actions: ['OK'],
      },
    });
    const { container } = renderPage(TOKEN);
    await submitPassword(user, 'Quiet-Harbour-2026');
    expect(await screen.findByRole('alert')).toHaveTextContent('OEM company');
    expect(screen.getByRole('link', { name: 'New here? Register' })).toHaveAttribute(
      'href',
      '/register/user-register',
    );
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
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
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });
});
