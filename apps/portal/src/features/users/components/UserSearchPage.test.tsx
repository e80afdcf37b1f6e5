import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { UserSearchPage } from './UserSearchPage';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

describe('UserSearchPage (/UserManagement/ProcessUserSearch)', () => {
  it('UserScope radio and the primary-rep email type-ahead go to the list on page 1 (keyboard)', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      'GET /api/lookup/primaryRep': {
        type: 'primaryRep',
        items: [{ id: '2', label: 'Jordan Blake', description: 'staff@dell.example' }],
      },
    });
    const { container } = renderWithProviders(<UserSearchPage scope="AllUsers" email={undefined} />);
    await expectNoAxeViolations(container);
    expect(screen.getByRole('radio', { name: 'All users' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Users I am primary rep for' }));
    await user.type(await screen.findByRole('combobox', { name: 'Primary rep email' }), 'staff');
    expect(await screen.findByRole('option', { name: 'staff@dell.example' })).toBeInTheDocument();
    expect(calls.some((c) => c.startsWith('GET /api/lookup/primaryRep'))).toBe(true);
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(navigate).toHaveBeenLastCalledWith({
      to: '/UserManagement/List',
      search: { UserScope: 'MyUsers', PrimaryRepEmail: 'staff@dell.example', PageNumber: 1 },
    });
    await expectNoAxeViolations(container);
  });
});
