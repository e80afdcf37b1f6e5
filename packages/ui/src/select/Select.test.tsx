import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test/axe';
import { SearchableSelect, Select, listScrolls, type SelectOption } from '.';

const make = (n: number): SelectOption[] =>
  Array.from({ length: n }, (_, i) => ({ id: `o${i + 1}`, label: `Option ${i + 1}` }));
const COUNTRIES: SelectOption[] = [
  { id: 'FR', label: 'France' },
  { id: 'DE', label: 'Germany' },
  { id: 'GH', label: 'Ghana' },
  { id: 'GR', label: 'Greece' },
];

describe('listScrolls', () => {
  it('scrolls over 12 items only', () => {
    expect(listScrolls(12)).toBe(false);
    expect(listScrolls(13)).toBe(true);
  });
});

describe('Select', () => {
  it('opens with the keyboard, moves with arrows and selects with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Sort by" options={make(3)} defaultValue="o1" onChange={onChange} />);
    await user.tab();
    const trigger = screen.getByRole('button', { name: /Sort by/ });
    expect(trigger).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('o2');
    expect(trigger).toHaveTextContent('Option 2');
  });

  it('supports a controlled open state (isOpen / onOpenChange) and defaultOpen', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { unmount } = render(
      <Select label="Sort by" options={make(3)} isOpen onOpenChange={onOpenChange} />,
    );
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('listbox')).toBeInTheDocument(); // controlled: stays open until the parent closes it
    unmount();

    render(<Select label="Sort by" options={make(3)} defaultOpen />);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('a list of 13 options scrolls at 240 px; 12 do not', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Select label="Many" options={make(13)} />);
    await user.click(screen.getByRole('button', { name: /Many/ }));
    const listbox = screen.getByRole('listbox');
    expect(listbox).toHaveAttribute('data-scrolls', 'true');
    expect(listbox.style.maxHeight).toBe('240px');
    unmount();

    render(<Select label="Twelve" options={make(12)} />);
    await user.click(screen.getByRole('button', { name: /Twelve/ }));
    expect(screen.getByRole('listbox')).not.toHaveAttribute('data-scrolls');
    expect(screen.getByRole('listbox').style.maxHeight).toBe('');
  });

  it('an empty required value is invalid with its error linked by aria-describedby', () => {
    const { container } = render(
      <Select label="Region" options={make(3)} isRequired errorMessage="Choose a region" />,
    );
    const root = container.querySelector('.ui-select')!;
    expect(root).toHaveAttribute('data-invalid', 'true');
    const trigger = screen.getByRole('button', { name: /Region/ });
    const describedBy = trigger.getAttribute('aria-describedby') ?? '';
    const error = screen.getByText('Choose a region');
    expect(describedBy.split(' ')).toContain(error.id);
  });

  it('a filled required value is valid', () => {
    const { container } = render(<Select label="Region" options={make(3)} isRequired defaultValue="o2" />);
    expect(container.querySelector('.ui-select')).not.toHaveAttribute('data-invalid');
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
  });

  it('has no axe violations (closed, invalid and open)', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Select label="Currency" options={make(3)} />
        <Select label="Region" options={make(3)} isRequired />
      </>,
    );
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: /Currency/ }));
    await expectNoAxeViolations(document.body);
  });
});

/**
 * A country field with a save button: Germany chosen at first unless `initial` says otherwise; `options` (the list,
 * empty while it is still loading) COUNTRIES unless given.
 */
function Country({
  onChange,
  options = COUNTRIES,
  initial = 'DE',
}: {
  onChange?: (v: string | null) => void;
  options?: SelectOption[];
  initial?: string | null;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <SearchableSelect
        label="Country"
        options={options}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
        isRequired
        errorMessage="Choose a country"
      />
      <button type="button" disabled={value === null}>
        Save changes
      </button>
    </>
  );
}

describe('SearchableSelect (country field)', () => {
  it('typed text matching no option reverts to the current option on blur', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Country onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(input).toHaveValue('Germany');
    await user.tripleClick(input);
    await user.keyboard('Atlantis');
    expect(input).toHaveValue('Atlantis');
    await user.tab();
    expect(input).toHaveValue('Germany');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('typed text that exactly matches an option selects it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Country onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await user.tripleClick(input);
    await user.keyboard('ghana');
    await user.tab();
    // Once per real change: the exact match selects, the blur that follows does not repeat it.
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('GH');
    expect(input).toHaveValue('Ghana');
  });

  it('filters while typing and selects with arrows + Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Country onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await user.tripleClick(input);
    await user.keyboard('Gr');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Greece']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('GR');
    expect(input).toHaveValue('Greece');
  });

  it('an emptied required country is invalid and disables save', async () => {
    const user = userEvent.setup();
    const { container } = render(<Country />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('');
    expect(container.querySelector('.ui-select')).toHaveAttribute('data-invalid', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(
      screen.getByText('Choose a country').id,
    );
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  /** A country field whose list has not arrived: `typed` is typed into it; `arrive` brings the list. */
  async function typedBeforeTheList(typed: string) {
    const user = userEvent.setup();
    const onChange = vi.fn<(v: string | null) => void>();
    const { rerender } = render(<Country options={[]} initial={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Country' });
    await user.click(input);
    await user.keyboard(typed);
    const arrive = () => {
      rerender(<Country initial={null} onChange={onChange} />);
    };
    return { user, input, onChange, arrive };
  }

  it('a country typed before the list arrives is taken when it arrives, even after the field was left', async () => {
    const { user, input, onChange, arrive } = await typedBeforeTheList('ghana');
    await user.tab();
    // Nothing to match yet: the typed text stays rather than being thrown away.
    expect(input).toHaveValue('ghana');
    expect(onChange).not.toHaveBeenCalled();
    arrive();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith('GH');
    expect(input).toHaveValue('Ghana');
  });

  it('text typed before the list arrives that matches no country reverts once the list is there', async () => {
    const { user, input, onChange, arrive } = await typedBeforeTheList('Atlantis');
    await user.tab();
    arrive();
    expect(input).toHaveValue('');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a list that arrives while the field is still being typed in matches the text already there', async () => {
    const { user, input, onChange, arrive } = await typedBeforeTheList('Greece');
    arrive();
    expect(onChange).toHaveBeenLastCalledWith('GR');
    await user.tab();
    expect(input).toHaveValue('Greece');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations', async () => {
    render(<Country />);
    await expectNoAxeViolations(document.body);
  });
});
