import { CalendarDate } from '@internationalized/date';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATE_FORMAT } from '../constants';
import { expectNoAxeViolations } from '../test/axe';
import { completeTwoDigitYear, DATE_PICKER_FIRST_DAY_OF_WEEK, DatePicker } from './index';

// "Today" is Sunday 22 November 2026 in these tests (only Date is faked; timers stay real).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

const fieldText = (container: HTMLElement) =>
  container.querySelector('.ui-date-picker__input')!.textContent.replace(/[\u2066-\u2069\u200e\u200f]/g, '');

describe('DatePicker', () => {
  it('shows the mm/dd/yy format for an empty and a filled field in English (the spec’s DATE_FORMAT)', () => {
    expect(DATE_FORMAT).toBe('mm/dd/yy');
    const { container, unmount } = render(<DatePicker label="Collected on" locale="en-US" />);
    expect(fieldText(container)).toBe(DATE_FORMAT);
    expect(screen.getByText(`(${DATE_FORMAT})`)).toBeInTheDocument();
    expect(container.querySelector('.ui-date-picker__format')).toHaveTextContent(`(${DATE_FORMAT})`);
    unmount();
    const filled = render(
      <DatePicker label="Collected on" locale="en-US" defaultValue={new CalendarDate(2024, 5, 3)} />,
    );
    expect(fieldText(filled.container)).toBe('05/03/24');
  });

  // Issue #40 item 3: the field's order, placeholders, hint and year digits follow the culture, as its short dates
  // are printed (07.02.26 in German, 2026/02/07 in Japanese), in all ten languages of the portal.
  it.each([
    ['en-US', 'mm/dd/yy', '12/31/25'],
    ['de-DE', 'tt.mm.jj', '31.12.25'],
    ['es-ES', 'dd/mm/aa', '31/12/25'],
    ['fr-FR', 'jj/mm/aaaa', '31/12/2025'],
    ['it-IT', 'gg/mm/aa', '31/12/25'],
    ['ja-JP', '年/月/日', '2025/12/31'],
    ['ko-KR', '연도. 월. 일.', '25. 12. 31.'],
    ['pt-BR', 'dd/mm/aaaa', '31/12/2025'],
    ['zh-CN', '年/月/日', '2025/12/31'],
    ['zh-TW', '年/月/日', '2025/12/31'],
  ])('in %s reads %s and shows 31 December 2025 as %s', (locale, hint, filled) => {
    const empty = render(<DatePicker label="Date" locale={locale} />);
    expect(fieldText(empty.container)).toBe(hint);
    expect(screen.getByText(`(${hint})`)).toBeInTheDocument();
    empty.unmount();
    const { container } = render(
      <DatePicker label="Date" locale={locale} defaultValue={new CalendarDate(2025, 12, 31)} />,
    );
    expect(fieldText(container)).toBe(filled);
  });

  it('follows React Aria’s locale when none is given (the portal passes its chosen culture)', () => {
    const { container } = render(
      <I18nProvider locale="de-DE">
        <DatePicker label="Datum" defaultValue={new CalendarDate(2025, 12, 31)} />
      </I18nProvider>,
    );
    expect(fieldText(container)).toBe('31.12.25');
    expect(screen.getByText('(tt.mm.jj)')).toBeInTheDocument();
  });

  it('accepts typed digits, completing a two-digit year', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Collected on" locale="en-US" onChange={onChange} />);
    const month = screen.getAllByRole('spinbutton')[0]!;
    await user.click(month);
    await user.keyboard('05');
    await user.keyboard('03');
    await user.keyboard('24');
    expect(onChange).toHaveBeenLastCalledWith(new CalendarDate(2024, 5, 3));
    expect(completeTwoDigitYear(new CalendarDate(27, 1, 1), new CalendarDate(2026, 11, 22)).year).toBe(1927);
    expect(completeTwoDigitYear(new CalendarDate(26, 1, 1), new CalendarDate(2026, 11, 22)).year).toBe(2026);
    expect(completeTwoDigitYear(new CalendarDate(1999, 1, 1), new CalendarDate(2026, 11, 22)).year).toBe(
      1999,
    );
  });

  it('marks a typed date after today invalid', async () => {
    const user = userEvent.setup();
    const { container } = render(<DatePicker label="Collected on" />);
    await user.click(screen.getAllByRole('spinbutton')[0]!);
    await user.keyboard('11232026');
    expect(container.querySelector('.ui-date-picker')).toHaveAttribute('data-invalid', 'true');
    expect(screen.getByText(/or earlier/)).toBeInTheDocument();
  });

  it('opens a calendar whose week starts on Sunday (also in a Monday-first locale) with no date after today', async () => {
    expect(DATE_PICKER_FIRST_DAY_OF_WEEK).toBe('sun');
    const user = userEvent.setup();
    render(
      <I18nProvider locale="en-GB">
        <DatePicker label="Collected on" />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('button', { name: /Calendar/i }));
    const grid = await screen.findByRole('grid');
    const headers = grid.querySelectorAll('thead th');
    expect(headers).toHaveLength(7);
    expect(headers[0]).toHaveTextContent('Sun');
    expect(headers[6]).toHaveTextContent('Sat');
    const tomorrow = within(grid).getByText('23');
    expect(tomorrow).toHaveAttribute('aria-disabled', 'true');
    expect(tomorrow).toHaveAttribute('data-disabled', 'true');
    expect(within(grid).getByText('21')).not.toHaveAttribute('aria-disabled');
    expect(within(grid).getByText('22')).toHaveAttribute('data-today', 'true');
  });

  it('is keyboard operable: open with Enter, pick yesterday with the arrows, Enter selects', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker label="Collected on" onChange={onChange} />);
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    const button = screen.getByRole('button', { name: /Calendar/i });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByRole('grid');
    // focus starts on today; tomorrow is unavailable, so ArrowRight does not move past today
    await user.keyboard('{ArrowLeft}');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(new CalendarDate(2026, 11, 21));
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('supports a controlled calendar popover (isOpen / onOpenChange) and defaultOpen', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const { unmount } = render(<DatePicker label="Collected on" isOpen onOpenChange={onOpenChange} />);
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('grid')).toBeInTheDocument(); // controlled: the parent decides
    unmount();

    render(<DatePicker label="Collected on" defaultOpen />);
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('has no axe violations (closed and with a value)', async () => {
    const { container } = render(
      <>
        <DatePicker label="From" />
        <DatePicker label="To" defaultValue={new CalendarDate(2026, 1, 2)} description="Last collection" />
      </>,
    );
    await expectNoAxeViolations(container);
  });
});
