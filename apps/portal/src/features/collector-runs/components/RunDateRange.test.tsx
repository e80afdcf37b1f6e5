import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCulture } from '@/lib/i18n/i18n';
import { renderWithProviders } from '@/test/render';
import { RunDateRange } from './RunDateRange';

const fieldTexts = (container: HTMLElement) =>
  [...container.querySelectorAll('.ui-date-picker__input')].map((input) =>
    input.textContent.replace(/[\u2066-\u2069\u200e\u200f]/g, ''),
  );

const noop = () => undefined;

afterEach(async () => {
  await applyCulture('en-US');
});

describe('RunDateRange (issue #40 item 3: date fields in the chosen culture)', () => {
  it.each([
    ['en-US', 'mm/dd/yy', '02/07/26'],
    ['de-DE', 'tt.mm.jj', '07.02.26'],
    ['ja-JP', '年/月/日', '2026/02/07'],
  ])(
    'in %s the fields, their placeholders and hints read %s (7 February 2026: %s)',
    async (culture, hint, day) => {
      await applyCulture(culture);
      const { container } = renderWithProviders(
        <RunDateRange
          endedAfter="2026-02-07"
          endedBefore={undefined}
          onEndedAfterChange={noop}
          onEndedBeforeChange={noop}
        />,
      );
      expect(fieldTexts(container)).toEqual([day, hint]);
      expect(screen.getAllByText(`(${hint})`)).toHaveLength(2);
    },
  );
});
