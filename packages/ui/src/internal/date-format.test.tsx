import { render } from '@testing-library/react';
import { useDateFieldState } from 'react-stately/useDateFieldState';
import { describe, expect, it, vi } from 'vitest';
import { DATE_FORMAT } from '../constants';
import { DateFormatHint } from './date-format';

// The field state the hint is read from, counted (React Aria's own fields do not use this module).
vi.mock('react-stately/useDateFieldState', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-stately/useDateFieldState')>();
  return { useDateFieldState: vi.fn(original.useDateFieldState) };
});

describe('DateFormatHint', () => {
  it('builds its field state when the culture changes, not on every render of the field around it', () => {
    const built = vi.mocked(useDateFieldState);
    const field = (locale: string, label: string) => (
      <p aria-label={label}>
        (<DateFormatHint locale={locale} />)
      </p>
    );
    const { container, rerender } = render(field('en-US', 'Collected on'));
    expect(container).toHaveTextContent(`(${DATE_FORMAT})`);
    expect(built).toHaveBeenCalledTimes(1);
    rerender(field('en-US', 'Collected since'));
    expect(built).toHaveBeenCalledTimes(1);
    // A new culture: built again (React Aria's field state settles on it in a render of its own).
    rerender(field('de-DE', 'Erfasst am'));
    expect(container).toHaveTextContent('(tt.mm.jj)');
    expect(built.mock.calls.length).toBeGreaterThan(1);
  });
});
