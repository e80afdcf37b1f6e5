import { CalendarDate } from '@internationalized/date';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATE_FORMAT, DATE_PICKER_FIRST_DAY_OF_WEEK } from '../constants';
import { expectNoAxeViolations } from '../test/axe';
import { DateRangePicker } from './index';

// "Today" is Sunday 22 November 2026 in these tests (only Date is faked; timers stay real).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

const clean = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, '');
const fieldTexts = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('.ui-date-picker__input')).map((input) => clean(input.textContent));

const MARCH = { start: new CalendarDate(2025, 3, 2), end: new CalendarDate(2025, 3, 8) };

describe('DateRangePicker', () => {
  it('shows both ends as mm/dd/yy in English, empty and filled, and in the culture’s own form elsewhere', () => {
    expect(DATE_FORMAT).toBe('mm/dd/yy');
    const { container, unmount } = render(<DateRangePicker label="Time range" locale="en-US" />);
    expect(fieldTexts(container)).toEqual([DATE_FORMAT, DATE_FORMAT]);
    expect(screen.getByText(`(${DATE_FORMAT})`)).toBeInTheDocument();
    unmount();
    // Issue #40 item 3: German reads day first with its own placeholders and hint; Japanese year first, four digits.
    const german = render(
      <I18nProvider locale="de-DE">
        <DateRangePicker label="Zeitraum" defaultValue={MARCH} />
      </I18nProvider>,
    );
    expect(fieldTexts(german.container)).toEqual(['02.03.25', '08.03.25']);
    expect(screen.getByText('(tt.mm.jj)')).toBeInTheDocument();
    german.unmount();
    const japanese = render(<DateRangePicker label="期間" locale="ja-JP" />);
    expect(fieldTexts(japanese.container)).toEqual(['年/月/日', '年/月/日']);
    expect(screen.getByText('(年/月/日)')).toBeInTheDocument();
  });

  it('accepts typed digits for both ends, completing two-digit years', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateRangePicker label="Time range" onChange={onChange} />);
    await user.click(screen.getAllByRole('spinbutton')[0]!);
    await user.keyboard('030225');
    await user.tab(); // the year takes up to four digits: on to the end's month
    await user.keyboard('030825');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(MARCH);
  });

  it('keeps a typed range outside its bounds in the fields, invalid, with the given message', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { container } = render(
      <DateRangePicker
        label="Time range"
        minValue={MARCH.start}
        maxValue={MARCH.end}
        onChange={onChange}
        errorMessage="Choose days of the collection."
      />,
    );
    await user.click(screen.getAllByRole('spinbutton')[0]!);
    await user.keyboard('030125');
    await user.tab();
    await user.keyboard('030925');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith({
      start: new CalendarDate(2025, 3, 1),
      end: new CalendarDate(2025, 3, 9),
    });
    expect(container.querySelector('.ui-date-range-picker')).toHaveAttribute('data-invalid', 'true');
    expect(screen.getByText('Choose days of the collection.')).toBeInTheDocument();
    expect(fieldTexts(container)).toEqual(['03/01/25', '03/09/25']);
  });

  it('shows the parent’s error when it marks the range invalid (aria-invalid on the fields)', () => {
    render(
      <DateRangePicker
        label="Time range"
        value={{ start: MARCH.end, end: MARCH.start }}
        isInvalid
        errorMessage="The start must be before the end."
      />,
    );
    expect(screen.getByText('The start must be before the end.')).toBeInTheDocument();
    for (const segment of screen.getAllByRole('spinbutton'))
      expect(segment).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens a range calendar whose week starts on Sunday, with days outside the bounds unavailable', async () => {
    expect(DATE_PICKER_FIRST_DAY_OF_WEEK).toBe('sun');
    const user = userEvent.setup();
    render(
      <I18nProvider locale="en-GB">
        <DateRangePicker
          label="Time range"
          minValue={MARCH.start}
          maxValue={MARCH.end}
          defaultValue={MARCH}
        />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: /Calendar/i }));
    const grid = await screen.findByRole('grid');
    const headers = grid.querySelectorAll('thead th');
    expect(headers[0]).toHaveTextContent('Sun');
    expect(headers[6]).toHaveTextContent('Sat');
    const day = (n: number) =>
      Array.from(grid.querySelectorAll('.ui-calendar__cell:not([data-outside-month])')).find(
        (cell) => cell.textContent === String(n),
      );
    expect(day(1)).toHaveAttribute('aria-disabled', 'true');
    expect(day(9)).toHaveAttribute('aria-disabled', 'true');
    expect(day(2)).not.toHaveAttribute('aria-disabled');
    expect(day(5)?.closest('td')).toHaveAttribute('aria-selected', 'true');
  });

  it('is keyboard operable: open with Enter, pick a start and an end with the arrows and Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DateRangePicker label="Time range" minValue={MARCH.start} maxValue={MARCH.end} onChange={onChange} />,
    );
    // Tab through the six date segments to the calendar button.
    for (let i = 0; i < 7; i++) await user.tab();
    const button = screen.getByRole('button', { name: /Calendar/i });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('grid');
    // Focus starts on the latest selectable day (today is later): 03/08/25.
    expect(document.activeElement).toHaveAccessibleName(/March 8, 2025/);
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    expect(onChange).not.toHaveBeenCalled(); // the start is chosen; the end follows
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith({
      start: new CalendarDate(2025, 3, 6),
      end: new CalendarDate(2025, 3, 8),
    });
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('names its segments for screen readers from one Intl.DisplayNames per culture (patched React Aria)', () => {
    // Each segment made its own (patches/react-aria@3.53.1.patch, useDisplayNames): ~1-3 ms of a phone's main thread
    // each. French is in no other case of this file, whose module holds the made one.
    const made = vi.spyOn(Intl, 'DisplayNames');
    const dateTimeFields = () =>
      made.mock.calls.filter(
        ([, options]) => (options as { type?: string } | undefined)?.type === 'dateTimeField',
      );
    try {
      const first = render(<DateRangePicker label="Période" locale="fr-FR" defaultValue={MARCH} />);
      expect(screen.getAllByRole('spinbutton')).toHaveLength(6);
      expect(screen.getAllByRole('spinbutton', { name: /^mois/i })).toHaveLength(2);
      first.unmount();
      render(<DateRangePicker label="Période" locale="fr-FR" defaultValue={MARCH} />);
      expect(dateTimeFields()).toHaveLength(1);
    } finally {
      made.mockRestore();
    }
  });

  it('has no axe violations (closed, filled, invalid, and open)', async () => {
    const { container } = render(
      <>
        <DateRangePicker label="Empty range" />
        <DateRangePicker label="Filled range" defaultValue={MARCH} description="Collection period" />
        <DateRangePicker label="Bad range" isInvalid errorMessage="The start must be before the end." />
      </>,
    );
    await expectNoAxeViolations(container);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: /Calendar/i })[1]!);
    await screen.findByRole('grid');
    await expectNoAxeViolations(document.body);
  });
});
