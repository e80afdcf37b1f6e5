import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { Button } from '../button';
import { ToastProvider, useToast } from './Toast';

const meta = {
  title: 'Toast',
  component: ToastProvider,
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

function Senders() {
  const { show } = useToast();
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Button
        onPress={() => {
          show('Project updated', { variant: 'success' });
        }}
      >
        Success
      </Button>
      <Button
        variant="secondary"
        onPress={() => {
          show('Collector run stopped');
        }}
      >
        Info
      </Button>
      <Button
        variant="danger"
        onPress={() => {
          show('Could not archive the collector run', { variant: 'error' });
        }}
      >
        Error
      </Button>
    </div>
  );
}

function ShowOnMount() {
  const { show } = useToast();
  useEffect(() => {
    show('Project created', { variant: 'success' });
    show('A second message waits its turn');
  }, [show]);
  return <p>Two toasts were queued on load; each is visible 2.7 s and removed at 3 s.</p>;
}

export const Playground: Story = {
  render: () => (
    <ToastProvider>
      <Senders />
    </ToastProvider>
  ),
};

export const Queued: Story = {
  render: () => (
    <ToastProvider maxVisible={1}>
      <ShowOnMount />
    </ToastProvider>
  ),
};
