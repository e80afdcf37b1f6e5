import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCulture } from '@/lib/i18n/i18n';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { CONFIRM_ACTION } from '../hooks/use-server-message';
import { ServerMessageModal } from './ServerMessageModal';

describe('ServerMessageModal: the server’s actions are ids, their labels the portal’s', () => {
  afterEach(async () => {
    await act(() => applyCulture('en-US'));
    vi.restoreAllMocks();
  });

  it('labels Cancel and Confirm in the current language and still reports the English id', async () => {
    await act(() => applyCulture('de-DE'));
    fakeApi({
      'GET /api/message/confirmStop': {
        title: 'Collector-Lauf beenden',
        message: 'Möchten Sie diesen Collector-Lauf beenden?',
        actions: ['Cancel', CONFIRM_ACTION],
      },
    });
    const onAction = vi.fn();
    renderWithProviders(
      <ServerMessageModal messageKey="confirmStop" onClose={() => undefined} onAction={onAction} />,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Collector-Lauf beenden' });
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    await expectNoAxeViolations(dialog.ownerDocument.body);
    await userEvent.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect(onAction).toHaveBeenCalledWith(CONFIRM_ACTION);
  });

  it('keeps an action the portal has no label for as the server sent it', async () => {
    await act(() => applyCulture('ja-JP'));
    fakeApi({
      'GET /api/message/projectcreated': {
        title: 'プロジェクトを作成しました',
        message: 'プロジェクトを作成しました。',
        actions: ['View project', 'Something new'],
      },
    });
    renderWithProviders(<ServerMessageModal messageKey="projectcreated" onClose={() => undefined} />);
    await screen.findByRole('alertdialog', { name: 'プロジェクトを作成しました' });
    expect(screen.getByRole('button', { name: 'プロジェクトを表示' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Something new' })).toBeVisible();
  });
});
