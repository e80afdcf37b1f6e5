import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTRY_DELAY_MS, COUNTRY_MIN_LENGTH } from '../constants';
import { expectNoAxeViolations } from '../test/axe';
import { ComboBox, type ComboBoxOption, type ComboBoxProps } from './ComboBox';

const COUNTRIES: ComboBoxOption[] = [
  { id: 'DE', label: 'Germany' },
  { id: 'GH', label: 'Ghana' },
  { id: 'GR', label: 'Greece' },
  { id: 'FR', label: 'France' },
];

function source(list = COUNTRIES) {
  return vi.fn((text: string) =>
    Promise.resolve(list.filter((c) => c.label.toLowerCase().startsWith(text.toLowerCase()))),
  );
}

function setup(props: Partial<ComboBoxProps<ComboBoxOption>> = {}) {
  const loadOptions = props.loadOptions ?? source();
  const onSelectionChange = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
  const utils = render(
    <ComboBox label="Country" loadOptions={loadOptions} onSelectionChange={onSelectionChange} {...props} />,
  );
  return {
    ...utils,
    user,
    loadOptions,
    onSelectionChange,
    input: screen.getByRole('combobox', { name: 'Country' }),
  };
}

/** Lets resolved promises run their callbacks. */
async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

function liveRegion() {
  return document.querySelector('.ui-combobox [role="status"]')!;
}

describe('ComboBox (type-ahead)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('debounces the search by exactly 350 ms', async () => {
    const loadOptions = source();
    const { user, input } = setup({ loadOptions });
    await user.type(input, 'Gh');
    act(() => {
      vi.advanceTimersByTime(349);
    });
    expect(loadOptions).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(loadOptions).toHaveBeenCalledTimes(1);
    expect(loadOptions.mock.calls[0]?.[0]).toBe('Gh');
  });

  it('starts at 1 character by default and not before', async () => {
    const { user, input, loadOptions } = setup();
    await user.click(input);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(loadOptions).not.toHaveBeenCalled();
    await user.type(input, 'G');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(loadOptions).toHaveBeenCalledWith('G', expect.any(AbortSignal));
  });

  it('with minLength 0 and delay 0 (country field) searches at once on focus', async () => {
    expect([COUNTRY_MIN_LENGTH, COUNTRY_DELAY_MS]).toEqual([0, 0]);
    const { user, input, loadOptions } = setup({ minLength: COUNTRY_MIN_LENGTH, delay: COUNTRY_DELAY_MS });
    await user.click(input);
    expect(loadOptions).toHaveBeenCalledWith('', expect.any(AbortSignal));
    await flush();
    expect(screen.getAllByRole('option')).toHaveLength(4);
  });

  it('announces exactly "N results are available, use up and down arrow keys to navigate."', async () => {
    const { user, input } = setup();
    await user.type(input, 'G');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await flush();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Germany', 'Ghana', 'Greece']);
    expect(liveRegion()).toHaveTextContent(
      /^3 results are available, use up and down arrow keys to navigate\.$/,
    );
    expect(liveRegion()).toHaveAttribute('aria-live', 'polite');
  });

  it('shows and announces "No search results"', async () => {
    const { user, input } = setup();
    await user.type(input, 'Zz');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await flush();
    expect(screen.getByRole('listbox')).toHaveTextContent('No search results');
    expect(liveRegion()).toHaveTextContent(/^No search results$/);
  });

  it('shows "Sorry, an error occurred. Please try again" when the source rejects', async () => {
    const loadOptions = vi.fn(() => Promise.reject(new Error('500')));
    const { user, input, container } = setup({ loadOptions });
    await user.type(input, 'G');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await flush();
    expect(screen.getByRole('listbox')).toHaveTextContent('Sorry, an error occurred. Please try again');
    expect(liveRegion()).toHaveTextContent(/^Sorry, an error occurred\. Please try again$/);
    expect(container.querySelector('.ui-combobox')).toHaveAttribute('data-status', 'error');
  });

  it('uses translated texts from props', async () => {
    const { user, input } = setup({
      resultsText: (n) => `${n} Ergebnisse`,
      noResultsText: 'Keine Ergebnisse',
    });
    await user.type(input, 'G');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await flush();
    expect(liveRegion()).toHaveTextContent('3 Ergebnisse');
  });

  it('drops stale responses: an older slow answer never overwrites a newer one', async () => {
    const resolvers: Record<string, (v: ComboBoxOption[]) => void> = {};
    const signals: Record<string, AbortSignal> = {};
    const loadOptions = vi.fn(
      (text: string, signal: AbortSignal) =>
        new Promise<ComboBoxOption[]>((resolve) => {
          resolvers[text] = resolve;
          signals[text] = signal;
        }),
    );
    const { user, input } = setup({ loadOptions });
    await user.type(input, 'G');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await user.type(input, 'r');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(signals.G?.aborted).toBe(true);
    resolvers.Gr!([{ id: 'GR', label: 'Greece' }]);
    await flush();
    resolvers.G!(COUNTRIES);
    await flush();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Greece']);
  });

  it('selects a single exact match automatically after exactly 1000 ms', async () => {
    const { user, input, onSelectionChange } = setup();
    await user.type(input, 'ghana');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await flush();
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(onSelectionChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSelectionChange).toHaveBeenCalledExactlyOnceWith({ id: 'GH', label: 'Ghana' });
    expect(input).toHaveValue('Ghana');
  });

  it('does not auto-select a single match that is not exact', async () => {
    const { user, input, onSelectionChange } = setup();
    await user.type(input, 'Gha');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await flush();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onSelectionChange).not.toHaveBeenCalled();
  });

  it('is operable with the keyboard: arrows move, Enter selects', async () => {
    const { user, input, onSelectionChange } = setup();
    await user.tab();
    expect(input).toHaveFocus();
    await user.keyboard('G');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await flush();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelectionChange).toHaveBeenLastCalledWith({ id: 'GH', label: 'Ghana' });
    expect(input).toHaveValue('Ghana');
  });

  it('shows a default (uncontrolled) or a controlled selection and reports changes', async () => {
    const first = setup({ defaultSelectedOption: COUNTRIES[0] });
    expect(first.input).toHaveValue('Germany');
    first.unmount();
    const { user, input, onSelectionChange } = setup({ selectedOption: COUNTRIES[1] });
    expect(input).toHaveValue('Ghana');
    await user.tripleClick(input);
    await user.keyboard('Gr');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await flush();
    await user.keyboard('{ArrowDown}{Enter}');
    // Controlled: the parent keeps Ghana, so each edit away from it reports the clearing, then Greece.
    expect(
      onSelectionChange.mock.calls.map((call) => (call[0] as ComboBoxOption | null)?.id ?? null),
    ).toEqual([null, null, 'GR']);
  });

  it('has no axe violations with results open', async () => {
    const { user, input } = setup();
    await user.type(input, 'G');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    await flush();
    vi.useRealTimers();
    await expectNoAxeViolations(document.body);
  });
});
