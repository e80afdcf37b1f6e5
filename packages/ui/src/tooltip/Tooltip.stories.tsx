import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Tooltip',
  component: Tooltip,
  args: {
    content:
      'Publishing makes the project visible to everyone with the link. You can unpublish it at any time.',
    children: <Button>Publish</Button>,
  },
  decorators: [
    (Story) => (
      <div style={{ padding: '6rem 2rem' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
export const SmallOpen: Story = { args: { defaultOpen: true, size: 'small', content: 'Archive this run' } };
export const Bottom: Story = { args: { defaultOpen: true, placement: 'bottom' } };
export const FocusOnly: Story = { args: { trigger: 'focus' } };
