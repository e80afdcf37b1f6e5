import { Role, UserStatus, type TeamDetails, type TeamMember } from '@assessment/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { MembersWizardPage } from './MembersWizardPage';
import { TeamPage } from './TeamPage';

const ok = (ResourceKey: string | null = null, Data: unknown = null) => ({
  StatusCode: 200,
  ResourceKey,
  ErrorState: null,
  Message: null,
  Data,
});

const member = (UserId: number, FirstName: string, Role_: Role, Verified: boolean): TeamMember => ({
  UserId,
  Email: `${FirstName.toLowerCase()}@contoso.com`,
  FirstName,
  LastName: 'Doe',
  Role: Role_,
  Status: Verified ? UserStatus.ACTIVE : UserStatus.INACTIVE,
  Verified,
  JoinedDate: `2026-0${String(UserId % 9 || 1)}-01T00:00:00Z`,
});

function team(canEdit: boolean): TeamDetails {
  return {
    Team: { TeamId: 310, Name: 'Contoso', IsOpmEnabled: false },
    Members: [
      member(1, 'Jane', Role.CHANNEL_PARTNER_TEAM_ADMIN, true),
      member(2, 'Omar', Role.CHANNEL_PARTNER_TEAM_MEMBER, false),
    ],
    CanEdit: canEdit,
  };
}

/** The signed-in viewer is Jane (member 1), the team's admin: the shell loads it before any page. */
const VIEWER = {
  isPublic: false,
  user: {
    id: 1,
    email: 'jane@contoso.com',
    firstName: 'Jane',
    lastName: 'Doe',
    role: Role.CHANNEL_PARTNER_TEAM_ADMIN,
    status: UserStatus.ACTIVE,
    languageCulture: 'en-US',
    countryId: 840,
    teamId: 310,
    isAdmin: true,
    isInternal: false,
    termsAccepted: true,
    partnerTermsAccepted: true,
  },
  team: { TeamId: 310, Name: 'Contoso', IsOpmEnabled: false },
  culture: 'en-US',
  pendingTerms: null,
};
/** Keeps the routes' getters (a spread would call them once, at set-up): a getter answers each call afresh. */
const withViewer = (routes: Parameters<typeof fakeApi>[0]) =>
  fakeApi(Object.defineProperties({ 'GET /api/viewer': VIEWER }, Object.getOwnPropertyDescriptors(routes)));

const page = (ui: React.ReactElement) => renderWithProviders(<Suspense fallback={null}>{ui}</Suspense>);

describe('TeamPage (team employee add / verify / promote screens)', () => {
  it('an admin verifies and promotes with the keyboard; each action refetches the team at once', async () => {
    const data = team(true);
    const { calls } = withViewer({
      get 'GET /api/teams/310'() {
        return data;
      },
      'POST /Team/VerifyEmployees': ok(),
      get 'POST /Team/ChangeRole'() {
        data.Members[1]!.Role = Role.CHANNEL_PARTNER_TEAM_ADMIN;
        return ok('useraccounts_user_promoted');
      },
      'GET /api/message/useraccounts_user_promoted': {
        title: 'Done',
        message: 'The user was promoted.',
        actions: ['OK'],
      },
    });
    const { container } = page(<TeamPage teamId={310} />);
    const omar = (await screen.findByRole('cell', { name: 'Omar' })).closest('tr')!;
    expect(within(omar).getByRole('cell', { name: 'Partner team member' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    const teamReads = () => calls.filter((c) => c === 'GET /api/teams/310').length;
    const beforeVerify = teamReads();
    within(omar).getByRole('button', { name: 'Verify Omar Doe' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => {
      expect(teamReads()).toBeGreaterThan(beforeVerify);
    });
    expect(calls).toContain('POST /Team/VerifyEmployees');
    expect(screen.getByText('Omar Doe is verified.')).toBeInTheDocument();

    const beforePromote = teamReads();
    await userEvent.click(within(omar).getByRole('button', { name: 'Make admin: Omar Doe' }));
    const done = await screen.findByRole('alertdialog', { name: 'Done' });
    await userEvent.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
    expect(calls).toContain('POST /Team/ChangeRole?userId=2&button=promote');
    await waitFor(() => {
      expect(teamReads()).toBeGreaterThan(beforePromote);
    });
    const jane = screen.getByRole('cell', { name: 'Jane' }).closest('tr')!;
    expect(within(jane).getByRole('button', { name: 'Make member: Jane Doe' })).toBeInTheDocument();
  });

  it('an internal team: admins ({provider}AdminUser) are offered demotion, and are demoted', async () => {
    const data: TeamDetails = {
      Team: { TeamId: 310, Name: 'Dell', IsOpmEnabled: false },
      Members: [member(1, 'Jane', Role.DELL_ADMIN_USER, true), member(2, 'Omar', Role.DELL_ADMIN_USER, true)],
      CanEdit: true,
    };
    const { calls } = withViewer({
      get 'GET /api/teams/310'() {
        return data;
      },
      get 'POST /Team/ChangeRole'() {
        data.Members[1]!.Role = Role.DELL_USER;
        return ok(null);
      },
    });
    page(<TeamPage teamId={310} />);
    const omar = (await screen.findByRole('cell', { name: 'Omar' })).closest('tr')!;
    expect(within(omar).queryByRole('button', { name: /Make admin/ })).not.toBeInTheDocument();
    await userEvent.click(within(omar).getByRole('button', { name: 'Make member: Omar Doe' }));
    expect(await screen.findByText('Omar Doe is now a team member.')).toBeInTheDocument();
    expect(calls).toContain('POST /Team/ChangeRole?userId=2&button=demote');
    expect(within(omar).getByRole('button', { name: 'Make admin: Omar Doe' })).toBeInTheDocument();
  });

  it('never reports a role change the re-read team does not show', async () => {
    const data = team(true);
    withViewer({
      'GET /api/teams/310': data,
      'POST /Team/ChangeRole': ok('useraccounts_user_promoted'),
      'GET /api/message/useraccounts_user_promoted': { title: 'Role changed', message: '', actions: ['OK'] },
    });
    page(<TeamPage teamId={310} />);
    const omar = (await screen.findByRole('cell', { name: 'Omar' })).closest('tr')!;
    await userEvent.click(within(omar).getByRole('button', { name: 'Make admin: Omar Doe' }));
    expect(await screen.findByText('The role of Omar Doe did not change.')).toBeInTheDocument();
    expect(screen.queryByText('Omar Doe is now a team admin.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Role changed' })).not.toBeInTheDocument();
  });

  it('add employee: the team check refuses an assigned account (user_already_assigned_to_team) before adding', async () => {
    const { calls } = withViewer({
      'GET /api/teams/310': team(true),
      'GET /api/team/check': {
        Email: 'sam@contoso.com',
        UserExists: true,
        UserId: 77,
        CurrentRole: 'OEMTeamMember',
        TeamId: 12,
        TeamName: 'Other',
        Domain: 'contoso.com',
      },
      'GET /api/message/user_already_assigned_to_team': {
        title: 'Already in a team',
        message: 'This user is already assigned to a team.',
        actions: ['OK'],
      },
    });
    const { container } = page(<TeamPage teamId={310} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    await expectNoAxeViolations(container.ownerDocument.body);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'sam@contoso.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Sam');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Lee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alertdialog', { name: 'Already in a team' })).toBeInTheDocument();
    expect(calls).toContain('GET /api/team/check?email=sam%40contoso.com');
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('add employee posts the serialized form when the check passes', async () => {
    const { calls } = withViewer({
      'GET /api/teams/310': team(true),
      'GET /api/team/check': {
        Email: 'sam@contoso.com',
        UserExists: false,
        UserId: null,
        CurrentRole: null,
        TeamId: null,
        TeamName: null,
        Domain: 'contoso.com',
      },
      'POST /Team/AddEmployee': ok(null, { Id: 9 }),
    });
    page(<TeamPage teamId={310} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'sam@contoso.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Sam');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Lee');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The employee was added.')).toBeInTheDocument();
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('an existing account the check lets in (end user in another team) is added with AddToTeam, changeExistingMembersTeam', async () => {
    const { calls } = withViewer({
      'GET /api/teams/310': team(true),
      'GET /api/team/check': {
        Email: 'eve@contoso.com',
        UserExists: true,
        UserId: 88,
        CurrentRole: 'EndUser',
        TeamId: 12,
        TeamName: 'Other',
        Domain: 'contoso.com',
      },
      'POST /team/AddToTeam': ok(null, { userId: 88, teamId: 310, changeExistingMembersTeam: true }),
    });
    page(<TeamPage teamId={310} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add employee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add employee' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'eve@contoso.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Eve');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Doe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The employee was added.')).toBeInTheDocument();
    expect(calls).toContain('POST /team/AddToTeam?userId=88&teamId=310&changeExistingMembersTeam=true');
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
  });

  it('non-admins see the data without any admin action', async () => {
    const { container } =
      (withViewer({ 'GET /api/teams/310': team(false) }), page(<TeamPage teamId={310} />));
    await screen.findByRole('cell', { name: 'Omar' });
    expect(
      screen.queryByRole('button', { name: /^(Add employee|Verify|Make admin|Make member)/ }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'OPM option' })).toBeDisabled();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe('MembersWizardPage (verify → confirm)', () => {
  it('says verified only after a verification happened', async () => {
    const { calls } = withViewer({
      'GET /api/teams/310': team(true),
      'POST /Wizard/VerifyEmployees': ok(),
    });
    const { container } = page(<MembersWizardPage teamId={310} />);
    await screen.findByRole('heading', { name: 'Step 1 of 2: verify members' });
    expect(screen.queryByText(/verified\./)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify chosen members' })).toBeDisabled();
    await expectNoAxeViolations(container);
    screen.getByRole('checkbox', { name: /Omar Doe/ }).focus();
    await userEvent.keyboard(' ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify chosen members' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 2: confirmation' })).toBeInTheDocument();
    expect(screen.getByText('1 member was verified.')).toBeInTheDocument();
    expect(calls).toContain('POST /Wizard/VerifyEmployees');
    await expectNoAxeViolations(container);
  });
});
