import { CalendarDate } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { I18nProvider } from 'react-aria-components';
import { DatePicker } from './index';

const meta = {
  title: 'DatePicker',
  component: DatePicker,
  args: { label: 'Collected on' },
} satisfies Meta<typeof DatePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithValue: Story = { args: { defaultValue: new CalendarDate(2024, 5, 3) } };
export const Required: Story = { args: { isRequired: true, description: 'Date of the collection' } };
export const ServerError: Story = { args: { isInvalid: true, errorMessage: 'Choose a date.' } };
export const Disabled: Story = { args: { isDisabled: true, defaultValue: new CalendarDate(2025, 1, 15) } };
export const GermanCalendarStillSundayFirst: Story = {
  render: (args) => (
    <I18nProvider locale="de-DE">
      <DatePicker {...args} label="Datum" />
    </I18nProvider>
  ),
};
/** The field in the reader's culture (issue #40): Japanese reads year first, four digits, with its own hint. */
export const Japanese: Story = {
  args: { label: '収集日', locale: 'ja-JP', defaultValue: new CalendarDate(2026, 2, 7) },
};
