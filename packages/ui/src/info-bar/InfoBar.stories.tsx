import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button';
import { InfoBar } from './InfoBar';

const meta = {
  title: 'InfoBar',
  component: InfoBar,
  args: { label: 'Announcement', children: 'Scheduled maintenance on Saturday from 02:00 to 04:00 UTC.' },
} satisfies Meta<typeof InfoBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};
export const Warning: Story = { args: { variant: 'warning', children: 'Your session will expire soon.' } };
export const WithAction: Story = {
  args: {
    actions: (close) => (
      <Button variant="secondary" onPress={close}>
        Got it
      </Button>
    ),
  },
};
export const StatusMessage: Story = {
  args: { role: 'status', label: 'Status', children: 'Project published.' },
};

function Toggle() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onPress={() => {
          setOpen((o) => !o);
        }}
      >
        {open ? 'Close' : 'Open'} info bar
      </Button>
      <InfoBar label="Notice" isOpen={open} onOpenChange={setOpen}>
        Opens 100 ms after the click; closes with a 350 ms animation.
      </InfoBar>
    </>
  );
}
export const Controlled: Story = { render: () => <Toggle /> };
