import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SearchableSelect, Select, type SelectOption } from '.';

const SORT: SelectOption[] = [
  { id: 'name', label: 'Name' },
  { id: 'created', label: 'Created date' },
  { id: 'owner', label: 'Owner' },
];

const COUNTRIES: SelectOption[] = [
  'Australia',
  'Austria',
  'Belgium',
  'Brazil',
  'Canada',
  'China',
  'Denmark',
  'Finland',
  'France',
  'Germany',
  'Ghana',
  'Greece',
  'India',
  'Ireland',
  'Italy',
  'Japan',
  'Mexico',
  'Netherlands',
  'Norway',
  'Spain',
].map((name) => ({ id: name.slice(0, 3).toUpperCase(), label: name }));

const meta = {
  title: 'Select',
  component: Select,
  args: { label: 'Sort by', options: SORT, defaultValue: 'name' },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Basic: Story = {};
export const ScrollsOver12Items: Story = {
  args: { label: 'Country', options: COUNTRIES, defaultValue: null, placeholder: 'Choose a country' },
};
export const RequiredEmptyIsInvalid: Story = {
  args: { label: 'Region', defaultValue: null, isRequired: true, errorMessage: 'Choose a region' },
};
export const Disabled: Story = { args: { isDisabled: true } };

function CountryField() {
  const [value, setValue] = useState<string | null>('GER');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <SearchableSelect
        label="Country"
        options={COUNTRIES}
        value={value}
        onChange={setValue}
        isRequired
        errorMessage="Choose a country"
        description="Type to filter; text that matches no country reverts on blur."
      />
      <p>
        <button type="submit" disabled={value === null}>
          Save changes
        </button>
      </p>
    </form>
  );
}

export const SearchableCountry: Story = { render: () => <CountryField /> };
export const SearchableRequiredEmpty: Story = {
  render: () => (
    <SearchableSelect label="Country" options={COUNTRIES} isRequired errorMessage="Choose a country" />
  ),
};
