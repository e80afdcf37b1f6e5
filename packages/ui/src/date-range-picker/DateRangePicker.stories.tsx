import { CalendarDate } from '@internationalized/date';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { I18nProvider } from 'react-aria-components';
import { DateRangePicker } from './index';

const meta = {
  title: 'DateRangePicker',
  component: DateRangePicker,
  args: { label: 'Time range' },
} satisfies Meta<typeof DateRangePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithValue: Story = {
  args: { defaultValue: { start: new CalendarDate(2025, 3, 2), end: new CalendarDate(2025, 3, 8) } },
};
export const BoundedByAPeriod: Story = {
  args: {
    minValue: new CalendarDate(2025, 3, 2),
    maxValue: new CalendarDate(2025, 3, 8),
    defaultValue: { start: new CalendarDate(2025, 3, 3), end: new CalendarDate(2025, 3, 4) },
    description: 'Within the collection, 03/02/25 to 03/08/25.',
  },
};
export const ParentError: Story = {
  args: {
    isInvalid: true,
    errorMessage: 'The start must be before the end.',
    defaultValue: { start: new CalendarDate(2025, 3, 8), end: new CalendarDate(2025, 3, 2) },
  },
};
export const Disabled: Story = { args: { isDisabled: true } };
export const GermanCalendarStillSundayFirst: Story = {
  render: (args) => (
    <I18nProvider locale="de-DE">
      <DateRangePicker {...args} label="Zeitraum" />
    </I18nProvider>
  ),
};
