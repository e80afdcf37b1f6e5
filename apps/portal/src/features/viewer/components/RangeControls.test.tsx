import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { applyCulture, formatDate } from '@/lib/i18n/i18n';
import { expectNoAxeViolations } from '@/test/axe';
import { renderWithProviders } from '@/test/render';
import { dayOf } from '../range';
import { CUSTOM_IDLE_TIMEOUT, RangeControls } from './RangeControls';

// A week of samples in the test's time zone: Sunday 2 March 2025 00:00 to Sunday 9 March 2025 00:00.
const FIRST = new Date(2025, 2, 2).getTime() / 1000;
const LAST = new Date(2025, 2, 9).getTime() / 1000;
const PERIOD = { first: FIRST, last: LAST };

const clean = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f]/g, '');
const fieldTexts = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('.ui-date-picker__input')).map((input) => clean(input.textContent));

async function setup(range = {}) {
  const onChange = vi.fn();
  const view = renderWithProviders(<RangeControls range={range} period={PERIOD} onChange={onChange} />);
  // The custom days come in their own lazy chunk.
  await screen.findByText('Days');
  return { onChange, ...view };
}

describe('RangeControls', () => {
  it('shows the whole period as the collection’s days, bounded by it, and has no axe violations', async () => {
    const { container } = await setup();
    expect(screen.getByLabelText('Time range')).toHaveDisplayValue('Whole collection');
    expect(fieldTexts(container)).toEqual(['03/02/25', '03/09/25']);
    expect(
      screen.getByText(`Collected from ${formatDate(FIRST * 1000)} to ${formatDate(LAST * 1000)}.`, {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Whole period' })).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  it('keyboard: a typed first day after the last day is kept with the reason; a valid range applies', async () => {
    const { container, onChange } = await setup();
    const user = userEvent.setup();
    // Tab from the time-range select into the first day's month.
    await user.click(screen.getByLabelText('Time range'));
    await user.tab();
    expect(screen.getAllByRole('spinbutton')[0]).toHaveFocus();
    await user.keyboard('030625'); // start 03/06/25
    await user.tab();
    await user.keyboard('030425'); // end 03/04/25: before the start
    await user.tab();
    await waitFor(() => {
      expect(screen.getByText('The first day must not be after the last day.')).toBeInTheDocument();
    });
    expect(fieldTexts(container)).toEqual(['03/06/25', '03/04/25']);
    // A valid range applies as it is typed (the start first); the reversed one never did.
    const calls = onChange.mock.calls.map(([range]) => range as { from: number; to: number });
    expect(calls.at(-1)).toEqual({ from: new Date(2025, 2, 6).getTime() / 1000, to: LAST });
    for (const range of calls) expect(range.from).toBeLessThan(range.to);
    await expectNoAxeViolations(container);

    // The last day typed again, after the first: from the first day's start to the last day's end.
    await user.keyboard('{Shift>}{Tab}{Tab}{Tab}{/Shift}');
    await user.keyboard('030725');
    await user.tab();
    await waitFor(() => {
      expect(onChange).toHaveBeenLastCalledWith({
        from: new Date(2025, 2, 6).getTime() / 1000,
        to: new Date(2025, 2, 8).getTime() / 1000 - 1,
      });
    });
    expect(screen.queryByText('The first day must not be after the last day.')).toBeNull();
  });

  it('a day outside the collection is refused with the period in the message, and kept', async () => {
    const { container, onChange } = await setup();
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('spinbutton')[0]!);
    await user.keyboard('030125');
    await user.tab();
    const message = await screen.findByText(
      `Choose days within the collection period (${formatDate(FIRST * 1000)} to ${formatDate(LAST * 1000)}).`,
    );
    expect(message).toBeInTheDocument();
    expect(fieldTexts(container)[0]).toBe('03/01/25');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a zoomed range shows as custom with its days; keyboard: Whole period resets it', async () => {
    const from = FIRST + 86_400 + 3600;
    const { container, onChange } = await setup({ from, to: from + 7200 });
    expect(screen.getByLabelText('Time range')).toHaveDisplayValue('Custom range');
    const day = dayOf(from);
    expect(fieldTexts(container)[0]).toBe(
      `${String(day.month).padStart(2, '0')}/${String(day.day).padStart(2, '0')}/25`,
    );
    const reset = screen.getByRole('button', { name: 'Whole period' });
    reset.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('a preset counts back from the last sample', async () => {
    const { onChange } = await setup();
    await userEvent.setup().selectOptions(screen.getByLabelText('Time range'), 'Last 24 hours');
    expect(onChange).toHaveBeenLastCalledWith({ from: LAST - 86_400, to: LAST });
  });

  it('writes the custom days in the portal’s chosen culture, not the browser’s language', async () => {
    // The browser says English; the reader chose German in the portal.
    expect(navigator.language).toBe('en-US');
    await applyCulture('de-DE');
    try {
      const { container } = renderWithProviders(
        <RangeControls range={{}} period={PERIOD} onChange={vi.fn()} />,
      );
      await waitFor(
        () => {
          expect(fieldTexts(container)).toEqual(['02.03.25', '09.03.25']);
        },
        { timeout: 10_000 },
      );
    } finally {
      await applyCulture('en-US');
    }
  });

  it('holds the custom days back until they may load (their box laid out), then loads them', async () => {
    function Viewer() {
      const [loaded, setLoaded] = useState(false);
      return (
        <>
          <RangeControls range={{}} period={PERIOD} onChange={() => undefined} loadCustom={loaded} />
          <button
            type="button"
            onClick={() => {
              setLoaded(true);
            }}
          >
            data arrived
          </button>
        </>
      );
    }
    renderWithProviders(<Viewer />);
    expect(await screen.findByLabelText('Time range')).toBeInTheDocument();
    expect(screen.getByTestId('viewer-days-pending')).toHaveClass('viewer-days', 'viewer-days--pending');
    expect(screen.queryByText('Days')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'data arrived' }));
    expect(await screen.findByText('Days')).toBeInTheDocument();
    expect(screen.queryByTestId('viewer-days-pending')).not.toBeInTheDocument();
    expect(CUSTOM_IDLE_TIMEOUT).toBe(1000);
  });
});
