import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/render';
import { ServerModal } from './ServerModal';

describe('ServerModal', () => {
  it('loads /modal/{name} with its query string and shows the HTML sanitized', async () => {
    const { calls } = fakeApi({
      'GET /modal/shareproject':
        '<p id="body">Share it</p><script>window.__x = 1</script><img src="x" onerror="window.__x = 2">',
    });
    renderWithProviders(
      <ServerModal
        name="shareproject"
        query={{ projectId: 7, modalsize: 'large', 'modal-clear': true }}
        size="large"
        onClose={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Share project' });
    expect(await screen.findByText('Share it')).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.getAttribute('onerror')).toBeNull();
    // Each value its own query parameter (the contract declares them; no `query=[object Object]`).
    expect(calls).toContain('GET /modal/shareproject?projectId=7&modalsize=large&modal-clear=true');
  });

  it('a non-200 answer shows the operationnotallowed message', async () => {
    const { calls } = fakeApi({
      'GET /modal/DisableUser': new Response('', { status: 403 }),
      'GET /api/message/operationnotallowed': {
        title: 'Not allowed',
        message: 'You are not allowed to perform this operation.',
        actions: ['OK'],
      },
    });
    renderWithProviders(<ServerModal name="DisableUser" onClose={vi.fn()} />);
    expect(await screen.findByRole('alertdialog', { name: 'Not allowed' })).toHaveTextContent(
      'You are not allowed to perform this operation.',
    );
    expect(calls).toContain('GET /api/message/operationnotallowed');
  });
});
