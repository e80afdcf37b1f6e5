import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCulture } from '@/lib/i18n/i18n';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { LanguageDialog } from './LanguageDialog';

/** A visitor without an account (the registration pages): no account language to store. */
const PUBLIC_VIEWER = { isPublic: true, user: null, team: null, culture: 'en-US', pendingTerms: null };
const render = (onClose = vi.fn()) =>
  renderWithProviders(
    <Suspense fallback={null}>
      <LanguageDialog onClose={onClose} />
    </Suspense>,
  );

const OK = { StatusCode: 200, ResourceKey: null, ErrorState: null, Message: null, Data: null };

afterEach(async () => {
  await applyCulture('en-US');
});

describe('LanguageDialog (the Language modal)', () => {
  it('lists every offered language by its own name, the current one marked', async () => {
    fakeApi({ 'GET /api/viewer': PUBLIC_VIEWER });
    render();
    const dialog = await screen.findByRole('dialog', { name: 'Language' });
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
    const api = fakeApi({ 'GET /api/viewer': PUBLIC_VIEWER, 'POST /culture/setculture': OK });
    const onClose = vi.fn();
    render(onClose);
    const german = await screen.findByRole('button', { name: 'Deutsch (Deutschland)' });
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
      'GET /api/viewer': PUBLIC_VIEWER,
      'POST /culture/setculture': Response.json(
        { ...OK, StatusCode: 400, ResourceKey: 'validate_info' },
        { status: 400 },
      ),
    });
    const onClose = vi.fn();
    render(onClose);
    await user.click(await screen.findByRole('button', { name: 'Français (France)' }));
    await vi.waitFor(() => {
      expect(screen.getByRole('button', { name: 'Français (France)' })).toBeEnabled();
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(document.documentElement.lang).not.toBe('fr-FR');
  });
});
