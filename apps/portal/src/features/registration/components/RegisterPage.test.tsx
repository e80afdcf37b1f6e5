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
    await user.type(within(form).getByLabelText(/^Password/), 'Correct-Horse-42');
    await user.keyboard('{Enter}');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    });
    // The failure left everything as typed.
    expect(within(form).getByRole('textbox', { name: /First name/ })).toHaveValue('Robin');
    expect(within(form).getByLabelText(/^Password/)).toHaveValue('Correct-Horse-42');
    answer = { StatusCode: 200, ResourceKey: null, ErrorState: null, Message: null, Data: { Id: 99 } };
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(/Your account for me@litware.example has been created/),
    ).toBeInTheDocument();
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
      Password: 'Correct-Horse-42',
    });
    await expectNoAxeViolations(container);
  }, 20_000);

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
