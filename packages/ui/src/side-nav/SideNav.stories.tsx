import type { Meta, StoryObj } from '@storybook/react-vite';
import { SideNav, type SideNavItem } from './index';

const items: SideNavItem[] = [
  { id: 'dashboard', href: '#/dashboard', label: 'Dashboard' },
  { id: 'projects', href: '#/projects', label: 'Projects' },
  { id: 'collectors', href: '#/collectors', label: 'Collector runs' },
  { id: 'upload', href: '#/upload', label: 'Upload' },
  { id: 'reports', href: '#/reports', label: 'Reports' },
];

const languageSwitcher = (
  <label>
    Language{' '}
    <select defaultValue="en-US">
      <option value="en-US">English</option>
      <option value="de-DE">Deutsch</option>
    </select>
  </label>
);

const meta: Meta<typeof SideNav> = {
  title: 'Navigation/SideNav',
  component: SideNav,
  args: { items, currentHref: '#/projects', languageSwitcher },
  decorators: [
    (Story) => (
      <div style={{ height: 420, display: 'flex' }}>
        <Story />
        <main style={{ padding: 16 }}>Page content</main>
      </div>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof SideNav>;

export const Collapsed: Story = {};
export const Expanded: Story = { args: { defaultExpanded: true } };
