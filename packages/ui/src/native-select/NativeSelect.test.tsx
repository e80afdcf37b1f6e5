import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { SelectOption } from '../select';
import { expectNoAxeViolations } from '../test/axe';
import { NativeSelect } from '.';

const LANGUAGES: SelectOption[] = [
  { id: 'en-US', label: 'English (United States)' },
  { id: 'de-DE', label: 'Deutsch (Deutschland)' },
  { id: 'fr-FR', label: 'Français (France)' },
];

describe('NativeSelect', () => {
  it('is a labelled native select, reached with Tab and changed from the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NativeSelect label="Language" options={LANGUAGES} defaultValue="en-US" onChange={onChange} />);
    await user.tab();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveFocus();
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveValue('en-US');
    // jsdom has no native dropdown: selectOptions is the keyboard/pointer choice the browser would make.
    await user.selectOptions(select, 'de-DE');
    expect(onChange).toHaveBeenCalledWith('de-DE');
    expect(select).toHaveValue('de-DE');
  });

  it('lists every option in order with its label', () => {
    render(<NativeSelect label="Language" options={LANGUAGES} />);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(LANGUAGES.map((language) => language.label));
    // Uncontrolled without a default: the first option.
    expect(screen.getByRole('combobox')).toHaveValue('en-US');
  });

  it('follows a controlled value and reports changes without changing by itself', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <NativeSelect label="Language" options={LANGUAGES} value="en-US" onChange={onChange} />,
    );
    const select = screen.getByRole('combobox');
    await user.selectOptions(select, 'fr-FR');
    expect(onChange).toHaveBeenCalledWith('fr-FR');
    expect(select).toHaveValue('en-US');
    rerender(<NativeSelect label="Language" options={LANGUAGES} value="fr-FR" onChange={onChange} />);
    expect(select).toHaveValue('fr-FR');
  });

  it('works as a controlled field in a parent', async () => {
    const user = userEvent.setup();
    function Parent() {
      const [value, setValue] = useState('en-US');
      return (
        <>
          <NativeSelect label="Language" options={LANGUAGES} value={value} onChange={setValue} />
          <output>{value}</output>
        </>
      );
    }
    render(<Parent />);
    await user.selectOptions(screen.getByRole('combobox'), 'de-DE');
    expect(screen.getByRole('status')).toHaveTextContent('de-DE');
  });

  it('shows the disabled state as data-disabled and skips disabled options', async () => {
    const user = userEvent.setup();
    const { container, rerender } = render(<NativeSelect label="Language" options={LANGUAGES} isDisabled />);
    expect(container.firstElementChild).toHaveAttribute('data-disabled', 'true');
    expect(screen.getByRole('combobox')).toBeDisabled();
    await user.tab();
    expect(screen.getByRole('combobox')).not.toHaveFocus();
    rerender(
      <NativeSelect
        label="Language"
        options={[...LANGUAGES.slice(0, 2), { id: 'xx', label: 'Unavailable', isDisabled: true }]}
      />,
    );
    expect(container.firstElementChild).not.toHaveAttribute('data-disabled');
    expect(screen.getByRole('option', { name: 'Unavailable' })).toBeDisabled();
  });

  it('describes the field with its help text and has no axe violations', async () => {
    const { container } = render(
      <NativeSelect
        label="Language"
        options={LANGUAGES}
        description="Texts and formats follow this language."
        name="culture"
        className="language-switcher"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveAccessibleDescription('Texts and formats follow this language.');
    expect(select).toHaveAttribute('name', 'culture');
    expect(container.firstElementChild).toHaveClass('ui-native-select', 'language-switcher');
    await expectNoAxeViolations(container);
  });
});
