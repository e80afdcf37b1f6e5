import type { Meta, StoryObj } from '@storybook/react-vite';
import { NativeSelect } from '.';

const LANGUAGES = [
  { id: 'en-US', label: 'English (United States)' },
  { id: 'de-DE', label: 'Deutsch (Deutschland)' },
  { id: 'fr-FR', label: 'Français (France)' },
  { id: 'ja-JP', label: '日本語 (日本)' },
];

const meta = {
  title: 'NativeSelect',
  component: NativeSelect,
  args: { label: 'Language', options: LANGUAGES, defaultValue: 'en-US' },
} satisfies Meta<typeof NativeSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {};
export const WithDescription: Story = { args: { description: 'Texts and formats follow this language.' } };
export const Disabled: Story = { args: { isDisabled: true } };
/**
 * An option longer than a phone is wide, in a toolbar (a wrapping row of fields): the select stays within its place
 * (the browser cuts the shown text).
 */
export const LongOption: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', alignItems: 'end' }}>
      <NativeSelect {...args} />
    </div>
  ),
  args: {
    label: 'Servers',
    options: [
      {
        id: 'all',
        label: 'Todos los servidores habilitados (total) de la recopilación completa del proyecto',
      },
      { id: 'web', label: 'WEB-146-01' },
    ],
    defaultValue: 'all',
  },
};
