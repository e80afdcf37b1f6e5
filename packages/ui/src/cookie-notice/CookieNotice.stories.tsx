import type { Meta, StoryObj } from '@storybook/react-vite';
import { CookieNotice } from './CookieNotice';

const meta = {
  title: 'CookieNotice',
  component: CookieNotice,
  args: {
    children: 'This site uses cookies to remember your preferences. By continuing you agree to their use.',
  },
  // Every visit of the story starts unacknowledged.
  beforeEach: () => {
    window.localStorage.removeItem('displayedCookieWarning');
  },
} satisfies Meta<typeof CookieNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Translated: Story = {
  args: {
    label: 'Cookie-Hinweis',
    acknowledgeLabel: 'Verstanden',
    children: 'Diese Website verwendet Cookies.',
  },
};
