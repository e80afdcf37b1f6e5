import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar, Spinner } from './index';

const meta: Meta<typeof ProgressBar> = {
  title: 'Progress/ProgressBar',
  component: ProgressBar,
  args: { label: 'collector-run-01.iokit', value: 40 },
};
export default meta;
type Story = StoryObj<typeof ProgressBar>;

export const Uploading: Story = {};
export const Complete: Story = { args: { value: 100 } };
export const ArchiveProgressPercentage: Story = { args: { label: 'Archiving project', value: 65 } };
export const CustomValueLabel: Story = {
  args: { label: 'Upload', value: 4, maxValue: 10, valueLabel: '4 of 10 MB' },
};
export const Indeterminate: Story = { args: { label: 'Restoring project', isIndeterminate: true } };

export const Spinners: StoryObj<typeof Spinner> = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
      <Spinner size="small" label="Saving" />
      <Spinner label="Loading" showLabel />
      <Spinner size="large" label="Loading projects" />
    </div>
  ),
};
