import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCulture } from '@/lib/i18n/i18n';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { LanguageDialog } from './LanguageDialog';

const OK = { StatusCode: 200, ResourceKey: null, ErrorState: null, Message: null, Data: null };

afterEach(async () => {
  await applyCulture('en-US');
});

describe('LanguageDialog (the Language modal)', () => {
  it('lists every offered language by its own name, the current one marked', async () => {
    fakeApi({});
    renderWithProviders(<LanguageDialog onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Language' });
    const items = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.closest('li'));
    expect(items).toHaveLength(10);
    expect(within(dialog).getByRole('button', { name: 'English (United States)' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Deutsch (Deutschland)' }).closest('li'),
    ).toHaveAttribute('lang', 'de-DE');
    await expectNoAxeViolations(dialog);
  });

  it('from the keyboard: sets the session culture (no account update) and switches the texts', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /culture/setculture': OK });
    const onClose = vi.fn();
    renderWithProviders(<LanguageDialog onClose={onClose} />);
    const german = screen.getByRole('button', { name: 'Deutsch (Deutschland)' });
    german.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => {
      expect(onClose).toHaveBeenCalledTimes(1);
    });
    expect(api.calls).toContain('POST /culture/setculture?culturecode=de-DE&dbUpdateRequired=false');
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('a refused switch keeps the language and the dialog', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /culture/setculture': Response.json(
        { ...OK, StatusCode: 400, ResourceKey: 'validate_info' },
        { status: 400 },
      ),
    });
    const onClose = vi.fn();
    renderWithProviders(<LanguageDialog onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Français (France)' }));
    await vi.waitFor(() => {
      expect(screen.getByRole('button', { name: 'Français (France)' })).toBeEnabled();
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(document.documentElement.lang).not.toBe('fr-FR');
  });
});
