import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../button';
import { expectNoAxeViolations } from '../test/axe';
import { ToastProvider, useToast, type ToastApi } from './Toast';

const holder: { api: ToastApi | null } = { api: null };
function Grab() {
  const api = useToast();
  useEffect(() => {
    holder.api = api;
  }, [api]);
  return null;
}

function Sender({ text = 'Project updated' }: { text?: string }) {
  const { show } = useToast();
  return (
    <Button
      onPress={() => {
        show(text, { variant: 'success' });
      }}
    >
      Notify
    </Button>
  );
}

function toasts() {
  return Array.from(document.querySelectorAll<HTMLElement>('.ui-toast'));
}

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is visible for exactly 2700 ms, leaving until 3000 ms, then removed', async () => {
    const onRemove = vi.fn();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(
      <ToastProvider onRemove={onRemove}>
        <Sender />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    const [toast] = toasts();
    expect(toast).toHaveTextContent('Project updated');
    expect(toast).toHaveAttribute('data-state', 'visible');
    expect(toast).toHaveAttribute('data-variant', 'success');

    act(() => {
      vi.advanceTimersByTime(2699);
    });
    expect(toast).toHaveAttribute('data-state', 'visible');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(toast).toHaveAttribute('data-state', 'leaving');

    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(toasts()).toHaveLength(1);
    expect(onRemove).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(toasts()).toHaveLength(0);
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('queues toasts beyond maxVisible; each gets its own 3 s once shown', () => {
    render(
      <ToastProvider maxVisible={2}>
        <Grab />
      </ToastProvider>,
    );
    act(() => {
      holder.api!.show('one');
      holder.api!.show('two');
      holder.api!.show('three');
    });
    expect(toasts().map((t) => t.textContent)).toEqual(['one', 'two']);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(toasts().map((t) => t.textContent)).toEqual(['three']);
    expect(toasts()[0]).toHaveAttribute('data-state', 'visible');
    act(() => {
      vi.advanceTimersByTime(2700);
    });
    expect(toasts()[0]).toHaveAttribute('data-state', 'leaving');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(toasts()).toHaveLength(0);
  });

  it('dismiss removes a toast at once', () => {
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
    let id = 0;
    act(() => {
      id = holder.api!.show('bye');
    });
    expect(toasts()).toHaveLength(1);
    act(() => {
      holder.api!.dismiss(id);
    });
    expect(toasts()).toHaveLength(0);
  });

  it('announces politely through a live region that exists before any toast', () => {
    render(
      <ToastProvider label="Messages">
        <Sender />
      </ToastProvider>,
    );
    const region = screen.getByRole('status', { name: 'Messages' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });

  it('can be triggered from the keyboard', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(
      <ToastProvider>
        <Sender text="Saved" />
      </ToastProvider>,
    );
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('throws outside a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Sender />)).toThrow('useToast must be used inside a ToastProvider');
  });

  it('has no axe violations with a toast shown', async () => {
    const { container } = render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
    act(() => {
      holder.api!.show('Collector run stopped');
    });
    vi.useRealTimers();
    await expectNoAxeViolations(container);
  });
});
