import { zModalName } from '@assessment/sdk';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '@/test/axe';
import { fakeApi, renderWithProviders } from '@/test/render';
import { splitServerHeading } from '../server-heading';
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

describe('ServerModal: one title (issue 14)', () => {
  // The demo API's server modals bring their own `<h2 class="modal-title">` under our dialog title.
  const serverHtml = (heading: string) =>
    `<div class="modal-content"><h2 class="modal-title">${heading}</h2><p>Body of the modal</p></div>`;

  it.each(zModalName.options)('%s shows the server heading once, as the dialog title', async (name) => {
    const heading = `Heading of ${name}`;
    fakeApi({ [`GET /modal/${name}`]: serverHtml(heading) });
    renderWithProviders(<ServerModal name={name} onClose={vi.fn()} />);
    expect(await screen.findByText('Body of the modal')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: heading });
    expect(within(dialog).getAllByRole('heading')).toHaveLength(1);
    expect(within(dialog).getAllByText(heading)).toHaveLength(1);
    expect(dialog.querySelector('.server-modal .modal-title')).toBeNull();
  });

  it('a title given by the caller stays, and the server heading still leaves the body', async () => {
    fakeApi({ 'GET /modal/ErrorSuccessModal': serverHtml('Result') });
    renderWithProviders(<ServerModal name="ErrorSuccessModal" title="Saved" onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Saved' });
    await within(dialog).findByText('Body of the modal');
    expect(within(dialog).queryByText('Result')).toBeNull();
    await expectNoAxeViolations(dialog);
  });
});

describe('splitServerHeading', () => {
  it('takes out the leading heading (a .modal-title or h1–h3) and keeps the rest', () => {
    expect(splitServerHeading('<h1> Share\n project </h1><p>x</p>')).toEqual({
      heading: 'Share project',
      body: '<p>x</p>',
    });
    expect(splitServerHeading('<div><strong class="modal-title">T</strong><p>x</p></div>')).toEqual({
      heading: 'T',
      body: '<div><p>x</p></div>',
    });
  });

  it('leaves HTML without a leading heading as it is', () => {
    expect(splitServerHeading('<p>x</p>')).toEqual({ heading: null, body: '<p>x</p>' });
    expect(splitServerHeading('<p>intro</p><h2>Later</h2>')).toEqual({
      heading: null,
      body: '<p>intro</p><h2>Later</h2>',
    });
  });
});
