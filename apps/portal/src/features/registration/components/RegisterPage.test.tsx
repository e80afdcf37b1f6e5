import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { RegisterPage } from './RegisterPage';
import { CLEAR } from './test-answers';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const REFERENCE = {
  'GET /api/countries': [
    { CountryId: 276, Name: 'Germany', Code: 'DE' },
    { CountryId: 840, Name: 'United States', Code: 'US' },
  ],
  'GET /api/languages': [
    { Culture: 'en-US', Name: 'English' },
    { Culture: 'de-DE', Name: 'Deutsch' },
  ],
};
const message = (title: string) => ({ title, message: `${title}.`, actions: ['OK'] });

/** The texts an element's aria-describedby points to. */
function describedText(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

function renderPage(props: Partial<Parameters<typeof RegisterPage>[0]> = {}) {
  return renderWithProviders(
    <Suspense fallback={<p>Loading</p>}>
      <RegisterPage type="partner-register" isAdmin={false} {...props} />
    </Suspense>,
  );
}

describe('RegisterPage', () => {
  beforeEach(() => {
    navigate.mockReset();
  });

  it('stage one by keyboard: an invalid email gives invalid_email without a lookup, and the text stays', async () => {
    const user = userEvent.setup();
    const { calls, fetchMock } = fakeApi({
      ...REFERENCE,
      'GET /api/message/invalid_email': message('Invalid email'),
    });
    const { container } = renderPage();
    const email = await screen.findByRole('textbox', { name: /Email/ });
    await expectNoAxeViolations(container);
    // The Language button, the two other registration types, then the email.
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(email).toHaveFocus();
    await user.keyboard('not-an-email{Enter}');
    expect(await screen.findByRole('alertdialog', { name: 'Invalid email' })).toBeInTheDocument();
    expect(calls.some((call) => call.includes('/api/contact/check'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(email).toHaveValue('not-an-email');
    expect(fetchMock).toHaveBeenCalled();
  });

  it('a refused lookup shows the key of part 5 and keeps the email', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      ...REFERENCE,
      'GET /api/contact/check': { ...CLEAR, CanContinue: false, IsOEMRegistration: true, FoundCompany: true },
      'GET /api/message/register_contact_oem': message('OEM contact'),
    });
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'new.person@oem.example{Enter}');
    expect(await screen.findByRole('alertdialog', { name: 'OEM contact' })).toBeInTheDocument();
    expect(calls).toContain('GET /api/contact/check?email=new.person%40oem.example&p=true');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('new.person@oem.example');
  });

  it('companies on the domain: a person who is not an admin goes to select company', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...REFERENCE,
      'GET /api/contact/check': {
        ...CLEAR,
        CompaniesWithSameDomain: [{ CompanyId: 12, Name: 'Litware East', TeamAdmins: [] }],
      },
    });
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'me@litware.example{Enter}');
    await waitFor(() => {
      expect(navigate).toHaveBeenCalledWith({
        to: '/selectcompany',
        search: { email: 'me@litware.example', type: 'partner-register' },
      });
    });
  });

  it('with the chosen company, stage two registers; a failed call keeps every field', async () => {
    const user = userEvent.setup();
    let answer: Response | object = new Response('{}', { status: 500 });
    const routes: Record<string, unknown> = {
      ...REFERENCE,
      'GET /api/contact/check': {
        ...CLEAR,
        CompaniesWithSameDomain: [
          { CompanyId: 12, Name: 'Litware East', TeamAdmins: [] },
          { CompanyId: 13, Name: 'Litware West', TeamAdmins: [] },
        ],
        FoundCompany: true,
        CompanyName: 'Litware East',
      },
    };
    const { fetchMock } = fakeApi(routes);
    fetchMock.mockImplementation((input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const url = new URL(request.url);
      if (request.method === 'POST' && url.pathname === '/api/register')
        return Promise.resolve(answer instanceof Response ? answer : Response.json(answer));
      const value = routes[`${request.method} ${url.pathname}`];
      return Promise.resolve(value === undefined ? new Response('', { status: 404 }) : Response.json(value));
    });
    const { container } = renderPage({ email: 'me@litware.example', companyId: 13 });
    const form = await screen.findByRole('form', { name: 'Your details' });
    expect(within(form).getByRole('textbox', { name: /Company/ })).toHaveValue('Litware West');
    await expectNoAxeViolations(container);
    await user.type(within(form).getByRole('textbox', { name: /First name/ }), 'Robin');
    await user.type(within(form).getByRole('textbox', { name: /Last name/ }), 'Lee');
    await user.type(within(form).getByLabelText(/^Password/), 'Quiet-Harbour-2026');
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    });
    // The failure left everything as typed.
    expect(within(form).getByRole('textbox', { name: /First name/ })).toHaveValue('Robin');
    expect(within(form).getByLabelText(/^Password/)).toHaveValue('Quiet-Harbour-2026');
    answer = { StatusCode: 200, ResourceKey: null, ErrorState: null, Message: null, Data: null };
    await user.click(screen.getByRole('button', { name: 'Register' }));
    // Issue #32: the check-your-mailbox step, with the link offered again.
    expect(await screen.findByRole('heading', { name: 'Check your mailbox' })).toBeInTheDocument();
    expect(
      screen.getByText(/We sent a link to me@litware.example\. Follow it to confirm your address/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
    await expectNoAxeViolations(container);
    const registerCall = fetchMock.mock.calls
      .map(([input]) => input as Request)
      .filter((r) => r.method === 'POST')
      .at(-1);
    const body = (await registerCall?.clone().json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      RegistrationType: 'partner-register',
      Email: 'me@litware.example',
      FirstName: 'Robin',
      LastName: 'Lee',
      CompanyName: 'Litware West',
      CompanyId: 13,
      Password: 'Quiet-Harbour-2026',
    });
    await expectNoAxeViolations(container);
  }, 20_000);

  it('lists the length rule live with advice, announces its change politely, and refuses the submit while it is unmet', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ ...REFERENCE, 'GET /api/contact/check': CLEAR });
    const { container } = renderPage({ email: 'robin.lee@new-company.example' });
    const form = await screen.findByRole('form', { name: 'Your details' });
    const password = within(form).getByLabelText(/^Password/);
    const live = within(form).getByRole('status');
    expect(live).toHaveAttribute('aria-live', 'polite');
    const length = () =>
      within(form)
        .getAllByRole('listitem')
        .find((item) => item.textContent.includes('At least 12 characters'))!;
    // The rule and the advice describe the field; what is easy to guess is the server's to say (issue #39).
    expect(within(form).getAllByRole('listitem')).toHaveLength(1);
    expect(describedText(password)).toContain('Your password must be:');
    expect(describedText(password)).toContain('At least 12 characters (not yet)');
    expect(describedText(password)).toContain(
      'Avoid common passwords, predictable patterns (1234, qwerty, a date) and your name, email address or company',
    );
    await user.type(within(form).getByRole('textbox', { name: /First name/ }), 'Robin');
    await user.type(within(form).getByRole('textbox', { name: /Last name/ }), 'Lee');

    // Short.
    await user.type(password, 'short');
    expect(length()).toHaveTextContent('(not yet)');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(password)).toContain('Choose a password that meets every rule below.');
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);

    // Long enough: met, announced, nothing typed lost.
    await user.clear(password);
    await user.type(password, 'Quiet-Harbour-2026');
    expect(length()).toHaveTextContent('(met)');
    expect(live).toHaveTextContent('At least 12 characters: met.');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByRole('textbox', { name: /First name/ })).toHaveValue('Robin');
    await expectNoAxeViolations(container);
  }, 20_000);

  it.each([
    [
      'register_password_personal',
      'This password contains your name, email address or company name, which anyone aiming at your account tries first. Choose one without them.',
    ],
    [
      'register_password_pattern',
      'This password follows a predictable pattern: repeated characters, a sequence such as abcd or 1234, a row of keys such as qwerty, or a date. Choose another one.',
    ],
    [
      null,
      'This password is too easy to guess. Choose another one: a few unrelated words make a password that is strong and easy to remember.',
    ],
  ])(
    "shows the server's register_password_weak with its reason (%s) on the password field, not in a modal, and keeps every field",
    async (reason, text) => {
      const user = userEvent.setup();
      const routes: Record<string, unknown> = { ...REFERENCE, 'GET /api/contact/check': CLEAR };
      const { fetchMock } = fakeApi(routes);
      fetchMock.mockImplementation((input: RequestInfo | URL) => {
        const request = input instanceof Request ? input : new Request(input);
        const url = new URL(request.url);
        if (request.method === 'POST' && url.pathname === '/api/register')
          return Promise.resolve(
            Response.json(
              {
                StatusCode: 400,
                ResourceKey: 'register_password_weak',
                ErrorState:
                  reason === null
                    ? { ErrorCode: 'register_password_weak' }
                    : { ErrorCode: 'register_password_weak', Reason: reason },
                Message: 'The server’s own text, in the culture it knows.',
                Data: null,
              },
              { status: 400 },
            ),
          );
        const value = routes[`${request.method} ${url.pathname}`];
        return Promise.resolve(
          value === undefined ? new Response('', { status: 404 }) : Response.json(value),
        );
      });
      const { container } = renderPage({ email: 'robin@new-company.example' });
      const form = await screen.findByRole('form', { name: 'Your details' });
      const password = within(form).getByLabelText(/^Password/);
      await user.type(within(form).getByRole('textbox', { name: /First name/ }), 'Robin');
      await user.type(within(form).getByRole('textbox', { name: /Last name/ }), 'Lee');
      await user.type(within(form).getByRole('textbox', { name: /Company/ }), 'New Company');
      await user.type(password, 'RobinLee-1234');
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await waitFor(() => {
        expect(password).toHaveAttribute('aria-invalid', 'true');
      });
      expect(describedText(password)).toContain(text);
      expect(within(form).getByRole('status')).toHaveTextContent(text);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(within(form).getByRole('textbox', { name: /First name/ })).toHaveValue('Robin');
      expect(within(form).getByRole('textbox', { name: /Last name/ })).toHaveValue('Lee');
      expect(within(form).getByRole('textbox', { name: /Company/ })).toHaveValue('New Company');
      expect(password).toHaveValue('RobinLee-1234');
      await expectNoAxeViolations(container);
      // Another password: the server's answer no longer applies to it.
      await user.type(password, '!');
      expect(password).not.toHaveAttribute('aria-invalid');
      expect(describedText(password)).not.toContain(text);
    },
    20_000,
  );

  it('stage two refuses empty fields and a short password without calling', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({ ...REFERENCE, 'GET /api/contact/check': CLEAR });
    renderPage({ email: 'me@new-company.example' });
    const form = await screen.findByRole('form', { name: 'Your details' });
    await user.type(within(form).getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(within(form).getByRole('textbox', { name: /First name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  });
});
