import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button';
import { Dialog, type DialogCloseReason, type DialogSize } from './Dialog';
import { MessageDialog } from './MessageDialog';

const meta = {
  title: 'Dialog',
  component: Dialog,
  args: { title: 'Share project' },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

function WithTrigger({ size, isDismissable }: { size: DialogSize; isDismissable?: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DialogCloseReason | null>(null);
  return (
    <>
      <Button
        onPress={() => {
          setOpen(true);
        }}
      >
        Open {size} dialog
      </Button>
      <p>Last close reason: {reason ?? 'none'}</p>
      <Dialog
        title={`A ${size} dialog`}
        size={size}
        isOpen={open}
        onOpenChange={setOpen}
        onClose={setReason}
        isDismissable={isDismissable}
        footer={(close) => (
          <>
            <Button
              variant="secondary"
              onPress={() => {
                close('action');
              }}
            >
              Cancel
            </Button>
            <Button
              onPress={() => {
                close('action');
              }}
            >
              Save
            </Button>
          </>
        )}
      >
        <p>Focus stays inside until the dialog closes, then returns to the button.</p>
      </Dialog>
    </>
  );
}

export const Trigger: Story = { render: () => <WithTrigger size="medium" /> };
export const DismissableByOutsideClick: Story = { render: () => <WithTrigger size="medium" isDismissable /> };
export const Small: Story = {
  args: { defaultOpen: true, size: 'small', children: 'Small dialog (modalsize=small).' },
};
export const Medium: Story = { args: { defaultOpen: true, size: 'medium', children: 'Medium dialog.' } };
export const Large: Story = { args: { defaultOpen: true, size: 'large', children: 'Large dialog.' } };
export const Full: Story = { args: { defaultOpen: true, size: 'full', children: 'Full-screen dialog.' } };

export const ServerMessage: Story = {
  render: () => (
    <MessageDialog
      defaultOpen
      message={{
        title: 'Archive collector run',
        message: 'Are you sure you want to archive this collector run?',
        actions: [
          { id: 'yes', label: 'Archive' },
          { id: 'no', label: 'Cancel' },
        ],
      }}
    />
  ),
};

export const ServerHtmlMessage: Story = {
  render: () => (
    <MessageDialog
      defaultOpen
      size="large"
      message={{
        title: 'End user license agreement',
        isHtml: true,
        message:
          '<p>Please read the <a href="#eula">license agreement</a>.</p><ul><li>Sanitized with DOMPurify</li></ul><img src="x" alt="" onerror="alert(1)">',
        actions: [
          { id: 'accept', label: 'Accept' },
          { id: 'decline', label: 'Decline' },
        ],
      }}
    />
  ),
};

export const DefaultError: Story = {
  render: () => <MessageDialog defaultOpen message={{ title: null, message: null }} />,
};
