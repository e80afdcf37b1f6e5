import type { Meta, StoryObj } from '@storybook/react-vite';
import { ComboBox, type ComboBoxOption } from './ComboBox';

const PEOPLE: ComboBoxOption[] = [
  'Ada Lovelace',
  'Alan Turing',
  'Barbara Liskov',
  'Donald Knuth',
  'Edsger Dijkstra',
  'Grace Hopper',
  'Ken Thompson',
  'Margaret Hamilton',
].map((name, i) => ({ id: String(i + 1), label: name }));

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });
}

async function searchPeople(text: string, signal: AbortSignal) {
  await wait(200, signal);
  return PEOPLE.filter((p) => p.label.toLowerCase().includes(text.toLowerCase()));
}

async function failing(_text: string, signal: AbortSignal): Promise<ComboBoxOption[]> {
  await wait(200, signal);
  throw new Error('Server error');
}

const meta = {
  title: 'ComboBox',
  component: ComboBox,
  args: { label: 'Primary rep email', loadOptions: searchPeople },
} satisfies Meta<typeof ComboBox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TypeAhead: Story = {
  args: {
    description:
      'Type at least 1 character; results after 350 ms. Type "Grace Hopper" to see auto-selection after 1 s.',
  },
};
export const CountryField: Story = {
  args: {
    label: 'Country',
    minLength: 0,
    delay: 0,
    description: 'minLength 0 and delay 0: the list opens on focus.',
  },
};
export const SourceFails: Story = { args: { label: 'Search (fails)', loadOptions: failing } };
export const WithSelection: Story = { args: { defaultSelectedOption: PEOPLE[5] ?? null } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Invalid: Story = {
  args: { isRequired: true, isInvalid: true, errorMessage: 'Choose a person' },
};
