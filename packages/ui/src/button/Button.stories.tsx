import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';

const meta = {
  title: 'Button',
  component: Button,
  args: { children: 'Save changes' },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Delete' } };
export const Link: Story = { args: { variant: 'link', children: 'Learn more' } };
export const Disabled: Story = { args: { isDisabled: true, children: 'Next' } };
export const Pending: Story = { args: { isPending: true, pendingLabel: 'Working…', children: 'Archive' } };
