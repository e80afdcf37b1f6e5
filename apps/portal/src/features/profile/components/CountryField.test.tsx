import type { Country } from '@assessment/sdk';
import { COUNTRY_RECHECK_DELAY_MS } from '@assessment/ui/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CountryField } from './CountryField';

const countries = [
  { CountryId: 276, Name: 'Germany' },
  { CountryId: 288, Name: 'Ghana' },
] as unknown as Country[];

describe('CountryField (spec part 9: country change re-check delay)', () => {
  it('selects the typed country and re-checks the form only after the 150 ms delay', async () => {
    const user = userEvent.setup();
    let changedAt = 0;
    const onChange = vi.fn(() => {
      changedAt = performance.now();
    });
    let recheckedAt = 0;
    const onRecheck = vi.fn(() => {
      recheckedAt = performance.now();
    });
    renderWithProviders(
      <CountryField
        countries={countries}
        value={countries[0] ?? null}
        onChange={onChange}
        onRecheck={onRecheck}
        isInvalid={false}
      />,
    );
    const input = screen.getByRole('combobox');
    await user.tripleClick(input);
    await user.keyboard('ghana');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(countries[1]);
    await vi.waitFor(
      () => {
        expect(onRecheck).toHaveBeenCalledTimes(1);
      },
      { timeout: 2000 },
    );
    // Timers never fire early; 1 ms of slack for the clock's rounding.
    expect(recheckedAt - changedAt).toBeGreaterThanOrEqual(COUNTRY_RECHECK_DELAY_MS - 1);
  });
});
