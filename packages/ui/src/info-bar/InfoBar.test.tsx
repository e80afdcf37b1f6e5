import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../button';
import { expectNoAxeViolations } from '../test/axe';
import { InfoBar } from './InfoBar';

function bar() {
  return document.querySelector<HTMLElement>('.ui-info-bar');
}

describe('InfoBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens after exactly 100 ms', () => {
    render(<InfoBar label="Notice">Maintenance tonight</InfoBar>);
    expect(bar()).toHaveAttribute('data-state', 'opening');
    expect(bar()).not.toBeVisible();
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(bar()).toHaveAttribute('data-state', 'opening');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(bar()).toHaveAttribute('data-state', 'open');
    expect(screen.getByRole('region', { name: 'Notice' })).toBeVisible();
  });

  it('closes with a 350 ms closing phase when dismissed with the keyboard', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const onClosed = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <InfoBar label="Notice" onClosed={onClosed} onOpenChange={onOpenChange}>
        Text
      </InfoBar>,
    );
    act(() => {
      vi.advanceTimersByTime(100);
    });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(bar()).toHaveAttribute('data-state', 'closing');
    act(() => {
      vi.advanceTimersByTime(349);
    });
    expect(bar()).toHaveAttribute('data-state', 'closing');
    expect(onClosed).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(bar()).toBeNull();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('follows a controlled isOpen and can reopen', () => {
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button
            onPress={() => {
              setOpen((o) => !o);
            }}
          >
            Toggle
          </Button>
          <InfoBar label="Status" role="status" isOpen={open} onOpenChange={setOpen} isDismissable={false}>
            Saved
          </InfoBar>
        </>
      );
    }
    render(<Controlled />);
    expect(bar()).toBeNull();
    act(() => {
      screen.getByRole('button', { name: 'Toggle' }).click();
    });
    expect(bar()).toHaveAttribute('data-state', 'opening');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('status', { name: 'Status' })).toHaveAttribute('aria-live', 'polite');
    act(() => {
      screen.getByRole('button', { name: 'Toggle' }).click();
    });
    expect(bar()).toHaveAttribute('data-state', 'closing');
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(bar()).toBeNull();
  });

  it('closing before it ever showed removes it at once', () => {
    const { rerender } = render(
      <InfoBar label="N" isOpen>
        Text
      </InfoBar>,
    );
    rerender(
      <InfoBar label="N" isOpen={false}>
        Text
      </InfoBar>,
    );
    expect(bar()).toBeNull();
  });

  it('has no axe violations when open', async () => {
    const { container } = render(
      <InfoBar label="Notice" actions={(close) => <Button onPress={close}>Got it</Button>}>
        Text
      </InfoBar>,
    );
    act(() => {
      vi.advanceTimersByTime(100);
    });
    vi.useRealTimers();
    await expectNoAxeViolations(container);
  });
});
