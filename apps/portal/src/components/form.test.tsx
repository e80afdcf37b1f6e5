import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCulture, i18n } from '@/lib/i18n/i18n';
import { NumberInput, TextArea, TextField } from './form';

const fields = () =>
  render(
    <I18nProvider i18n={i18n}>
      <TextField label="Name" isRequired maxLength={50} value="" onChange={vi.fn()} />
      <TextArea label="Note" isRequired value="" onChange={vi.fn()} />
      <NumberInput label="Disks" minValue={1} maxValue={20} value="" onChange={vi.fn()} />
    </I18nProvider>,
  );

afterEach(async () => {
  await applyCulture('en-US');
});

describe('the portal’s form fields (field hints of spec part 5 in the reader’s language)', () => {
  it('English: required, at most, minimum and maximum', async () => {
    await applyCulture('en-US');
    fields();
    expect(screen.getByText('Required. At most 50 characters.')).toBeInTheDocument();
    expect(screen.getByText('Required.')).toBeInTheDocument();
    expect(screen.getByText('Minimum 1. Maximum 20.')).toBeInTheDocument();
  });

  it.each([
    ['de-DE', 'Pflichtfeld. Höchstens 50 Zeichen.', 'Mindestens 1. Höchstens 20.'],
    ['ja-JP', '必須。 50 文字以内。', '最小 1。 最大 20。'],
  ])('%s: no English is left in the hints', async (culture, text, numbers) => {
    await applyCulture(culture);
    const { container } = fields();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText(numbers)).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/Required|At most|Minimum|Maximum/);
  });
});
