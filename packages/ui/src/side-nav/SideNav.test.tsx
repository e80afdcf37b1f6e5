import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { SideNav, type SideNavItem, type SideNavLinkProps } from './index';

const items: SideNavItem[] = [
  { id: 'dash', href: '/dashboard', label: 'Dashboard' },
  { id: 'projects', href: '/projects', label: 'Projects' },
  { id: 'upload', href: '/upload', label: 'Upload' },
];

describe('SideNav', () => {
  it('is a labelled nav landmark, 50 px wide when collapsed and 228 px when expanded', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    render(<SideNav items={items} currentHref="/projects" onExpandedChange={onExpandedChange} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.style.width).toBe('50px');
    expect(nav).not.toHaveAttribute('data-expanded');
    const toggle = screen.getByRole('button', { name: 'Navigation menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', screen.getByRole('list').id);

    await user.click(toggle);
    expect(nav.style.width).toBe('228px');
    expect(nav).toHaveAttribute('data-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(onExpandedChange).toHaveBeenLastCalledWith(true);
  });

  it('marks the current route with aria-current="page" and keeps names while collapsed', () => {
    render(<SideNav items={items} currentHref="/projects" />);
    const current = screen.getByRole('link', { name: 'Projects' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveAttribute('href', '/projects');
    expect(current).toHaveAttribute('title', 'Projects');
    expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('lets isCurrent on an item win over currentHref', () => {
    render(
      <SideNav
        items={[
          { ...items[0]!, isCurrent: true },
          { ...items[1]!, isCurrent: false },
        ]}
        currentHref="/projects"
        defaultExpanded
      />,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Projects' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('navigation').style.width).toBe('228px');
  });

  it('renders links through linkComponent or renderLink (router agnostic)', () => {
    function RouterLink({ children, href, ...rest }: SideNavLinkProps) {
      return (
        <a {...rest} href={`#${href}`} data-router="yes">
          {children}
        </a>
      );
    }
    const { unmount } = render(<SideNav items={items} currentHref="/upload" linkComponent={RouterLink} />);
    expect(screen.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '#/upload');
    expect(screen.getByRole('link', { name: 'Upload' })).toHaveAttribute('data-router', 'yes');
    unmount();
    render(
      <SideNav
        items={items}
        currentHref="/upload"
        renderLink={(props, item) => <a {...props} data-id={item.id} />}
      />,
    );
    expect(screen.getByRole('link', { name: 'Upload' })).toHaveAttribute('data-id', 'upload');
    expect(screen.getByRole('link', { name: 'Upload' })).toHaveAttribute('aria-current', 'page');
  });

  it('is keyboard operable: Tab reaches the toggle, Enter expands, Tab walks the links', async () => {
    const user = userEvent.setup();
    render(
      <SideNav
        items={items}
        languageSwitcher={
          <select aria-label="Language">
            <option>English</option>
          </select>
        }
      />,
    );
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Navigation menu' });
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveFocus();
  });

  it('supports the controlled expanded state', async () => {
    const user = userEvent.setup();
    const onExpandedChange = vi.fn();
    render(<SideNav items={items} isExpanded={false} onExpandedChange={onExpandedChange} />);
    await user.click(screen.getByRole('button'));
    expect(onExpandedChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('navigation').style.width).toBe('50px');
  });

  it('has no axe violations collapsed or expanded', async () => {
    const collapsed = render(<SideNav items={items} currentHref="/dashboard" />);
    await expectNoAxeViolations(collapsed.container);
    collapsed.unmount();
    const expanded = render(
      <SideNav items={items} currentHref="/dashboard" defaultExpanded languageSwitcher={<span>EN</span>} />,
    );
    await expectNoAxeViolations(expanded.container);
  });
});
