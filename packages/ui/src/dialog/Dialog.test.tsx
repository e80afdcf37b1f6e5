import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button';
import { expectNoAxeViolations } from '../test/axe';
import {
  Dialog,
  MessageDialog,
  dialogSizeFromParam,
  type DialogCloseReason,
  type DialogProps,
} from './index';

function Harness(props: Partial<DialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onPress={() => {
          setOpen(true);
        }}
      >
        Open
      </Button>
      <Dialog
        title="Terms of use"
        isOpen={open}
        onOpenChange={setOpen}
        footer={(close) => (
          <Button
            onPress={() => {
              close('action');
            }}
          >
            Accept
          </Button>
        )}
        {...props}
      >
        <p>Body text</p>
        <input aria-label="Name" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('moves focus inside, traps Tab and returns focus to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn<(r: DialogCloseReason) => void>();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Terms of use' });
    // React Aria moves focus in (and back out) on the next animation frame.
    await waitFor(() => {
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    });
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledExactlyOnceWith('escape');
    await waitFor(() => {
      expect(opener).toHaveFocus();
    });
  });

  it('reports close-button and action reasons', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn<(r: DialogCloseReason) => void>();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenLastCalledWith('close-button');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onClose).toHaveBeenLastCalledWith('action');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on an outside click only when dismissable, reporting "outside"', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn<(r: DialogCloseReason) => void>();
    const { unmount } = render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const overlay = document.querySelector('.ui-dialog-overlay')!;
    await user.click(overlay);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    unmount();

    render(<Harness onClose={onClose} isDismissable />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(document.querySelector('.ui-dialog-overlay')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledExactlyOnceWith('outside');
  });

  it('ignores Escape when keyboard dismiss is disabled', async () => {
    const user = userEvent.setup();
    render(<Harness isKeyboardDismissDisabled />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it.each(['small', 'medium', 'large', 'full'] as const)('exposes size %s as data-size', (size) => {
    render(
      <Dialog title="T" defaultOpen size={size}>
        x
      </Dialog>,
    );
    expect(screen.getByRole('dialog')).toHaveAttribute('data-size', size);
  });

  it('maps the modalsize parameter', () => {
    expect(dialogSizeFromParam('Large')).toBe('large');
    expect(dialogSizeFromParam('small')).toBe('small');
    expect(dialogSizeFromParam('full')).toBe('full');
    expect(dialogSizeFromParam('huge')).toBe('medium');
    expect(dialogSizeFromParam(null)).toBe('medium');
  });

  it('has no axe violations when open', async () => {
    render(
      <Dialog title="Accessible" defaultOpen footer={<Button>OK</Button>}>
        Text
      </Dialog>,
    );
    await expectNoAxeViolations(document.body);
  });
});

describe('MessageDialog', () => {
  it('renders title, message and actions from a server message and reports the action', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const onClose = vi.fn();
    render(
      <MessageDialog
        defaultOpen
        message={{
          title: 'Archive collector run',
          message: 'Are you sure?',
          actions: [
            { id: 'yes', label: 'Archive' },
            { id: 'no', label: 'Cancel' },
          ],
        }}
        onAction={onAction}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Archive collector run' });
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(within(dialog).getByRole('button', { name: 'Archive' })).toHaveAttribute(
      'data-variant',
      'primary',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveAttribute(
      'data-variant',
      'secondary',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onAction).toHaveBeenCalledExactlyOnceWith('no');
    expect(onClose).toHaveBeenCalledExactlyOnceWith('action');
  });

  it('is keyboard operable: Tab walks close button and actions, Enter presses one, Escape closes', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    const onClose = vi.fn();
    const message = {
      title: 'Archive collector run',
      message: 'Are you sure?',
      actions: [
        { id: 'yes', label: 'Archive' },
        { id: 'no', label: 'Cancel' },
      ],
    };
    const { unmount } = render(
      <MessageDialog defaultOpen message={message} onAction={onAction} onClose={onClose} />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Archive collector run' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Archive' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onAction).toHaveBeenCalledExactlyOnceWith('no');
    expect(onClose).toHaveBeenCalledExactlyOnceWith('action');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    unmount();

    onClose.mockClear();
    render(<MessageDialog defaultOpen message={message} onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledExactlyOnceWith('escape');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('sanitizes HTML messages', () => {
    render(
      <MessageDialog
        defaultOpen
        message={{
          title: 'Terms',
          isHtml: true,
          message:
            '<p>Read <a href="/eula">the EULA</a></p><img src=x onerror="alert(1)"><script>alert(2)</script>',
        }}
      />,
    );
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('link', { name: 'the EULA' })).toHaveAttribute('href', '/eula');
    expect(dialog.innerHTML).not.toMatch(/onerror|<script/);
  });

  it('renders non-HTML messages as text', () => {
    render(<MessageDialog defaultOpen message={{ title: 'T', message: '<b>not bold</b>' }} />);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('<b>not bold</b>');
  });

  it('falls back to the default title, message and an OK button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <MessageDialog
        defaultOpen
        message={{ title: '', message: null }}
        fallbackTitle="Error"
        fallbackMessage="Something went wrong"
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Something went wrong');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledExactlyOnceWith('action');
  });

  it('has no axe violations', async () => {
    render(<MessageDialog defaultOpen message={{ title: 'Saved', message: 'Project updated' }} />);
    await expectNoAxeViolations(document.body);
  });
});
